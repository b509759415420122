import { spawnSync } from "node:child_process";

/** Runs a command and throws with its error output when it fails. */
export function run(command: string, args: readonly string[], input?: string): string {
  const result = spawnSync(command, args, { encoding: "utf8", input, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}`);
  return result.stdout;
}

/** Fails early, naming the Debian packages, when a tool the build needs is missing. */
export function requireTools(): void {
  const tools: [string, string[], string][] = [
    ["espeak-ng", ["--version"], "espeak-ng"],
    ["sox", ["--version"], "sox"],
    ["ffmpeg", ["-version"], "ffmpeg"],
    ["ffprobe", ["-version"], "ffmpeg"],
  ];
  for (const [tool, args, pkg] of tools) {
    const result = spawnSync(tool, args, { encoding: "utf8" });
    if (result.error || result.status !== 0) throw new Error(`${tool} is needed to build media (Debian package ${pkg})`);
  }
}

/** Length of a WAV file in seconds. */
export function wavSeconds(file: string): number {
  return Number(run("soxi", ["-D", file]).trim());
}

/** Duration of any media file in seconds, read by ffprobe (which also proves that it decodes). */
export function probeSeconds(file: string): number {
  const out = run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", file]);
  return Number(out.trim());
}
