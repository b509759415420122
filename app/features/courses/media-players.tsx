import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { ModuleMedia } from "../../../common/schemas/courses.ts";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";

/** mm:ss, or h:mm:ss from one hour; 00:00 at zero (§5). */
export function formatPlaybackTime(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${String(m).padStart(2, "0")}:${rest}`;
}

const SPEEDS = [0.75, 1, 1.25, 1.5] as const;
const SKIP_SECONDS = 15;

/** The transcript of a recording: what the voice says, to read instead of or beside listening. */
function Transcript({ html, open }: { html: string; open: boolean }) {
  const { t } = useTranslation();
  return (
    <details className="transcript" open={open}>
      <summary>{t("courses.player.transcript")}</summary>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </details>
  );
}

/**
 * An accessible audio player (§5): play/pause, a seek bar, back and forward 15 seconds, speed and
 * the playback time. Every control is a native element with a label, so it works by keyboard and
 * screen reader. When the recording cannot be played, the transcript opens instead.
 */
export function AudioPlayer({ media, transcript }: { media: ModuleMedia; transcript: string }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const id = useId();
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(media.duration_seconds);
  const [speed, setSpeed] = useState<number>(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    // The media may have failed before hydration attached the listener.
    if (element.error) setFailed(true);
    if (Number.isFinite(element.duration) && element.duration > 0) setDuration(element.duration);
  }, []);

  function seek(to: number) {
    const element = audio.current;
    if (!element) return;
    const target = Math.min(Math.max(0, to), duration || element.duration || 0);
    element.currentTime = target;
    setTime(target);
  }

  async function toggle() {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      try {
        await element.play();
      } catch {
        setFailed(true);
      }
    } else element.pause();
  }

  return (
    <section className="media-player audio-player" aria-label={t("courses.player.audioLabel")}>
      <audio
        ref={audio}
        src={media.src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={(event) => {
          setPlaying(false);
          setTime(event.currentTarget.currentTime);
        }}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          const d = event.currentTarget.duration;
          if (Number.isFinite(d) && d > 0) setDuration(d);
        }}
        onError={() => setFailed(true)}
      />
      {failed ? <Notice tone="info">{t("courses.player.unavailable")}</Notice> : null}
      <div className="audio-player__controls">
        <Button variant="secondary" onClick={() => seek(time - SKIP_SECONDS)} disabled={failed}>
          {t("courses.player.back15")}
        </Button>
        <Button variant="primary" onClick={() => void toggle()} disabled={failed}>
          {playing ? t("courses.player.pause") : t("courses.player.play")}
        </Button>
        <Button variant="secondary" onClick={() => seek(time + SKIP_SECONDS)} disabled={failed}>
          {t("courses.player.forward15")}
        </Button>
      </div>
      <div className="audio-player__seek">
        <label htmlFor={`${id}-seek`}>{t("courses.player.position")}</label>
        <input
          id={`${id}-seek`}
          type="range"
          min={0}
          max={Math.max(1, Math.floor(duration))}
          step={1}
          value={Math.floor(time)}
          disabled={failed}
          aria-valuetext={t("courses.player.positionText", { time: formatPlaybackTime(time), duration: formatPlaybackTime(duration) })}
          onChange={(event) => seek(Number(event.currentTarget.value))}
        />
        <p className="audio-player__time">
          <span role="timer" aria-label={t("courses.player.elapsed")}>
            {formatPlaybackTime(time)}
          </span>{" "}
          / <span className="visually-hidden">{t("courses.player.length")}</span>
          <span>{formatPlaybackTime(duration)}</span>
        </p>
      </div>
      <div className="audio-player__speed">
        <label htmlFor={`${id}-speed`}>{t("courses.player.speed")}</label>
        <select
          id={`${id}-speed`}
          value={String(speed)}
          disabled={failed}
          onChange={(event) => {
            const next = Number(event.currentTarget.value);
            setSpeed(next);
            if (audio.current) audio.current.playbackRate = next;
          }}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={String(s)}>
              {t("courses.player.speedValue", { speed: s })}
            </option>
          ))}
        </select>
      </div>
      <Transcript html={transcript} open={failed} />
    </section>
  );
}

/** A video with the browser's own controls, WebVTT captions in the user's language and the transcript. */
export function VideoPlayer({ media, transcript, title, locale }: { media: ModuleMedia; transcript: string; title: string; locale: Locale }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current?.error) setFailed(true);
  }, []);
  return (
    <section className="media-player video-player" aria-label={t("courses.player.videoLabel")}>
      {failed ? <Notice tone="info">{t("courses.player.unavailable")}</Notice> : null}
      <video ref={video} src={media.src} controls preload="metadata" aria-label={title} onError={() => setFailed(true)}>
        {media.captions ? (
          <track kind="captions" src={media.captions} srcLang={locale === "no" ? "nb" : locale} label={t("courses.player.captions")} default />
        ) : null}
      </video>
      <Transcript html={transcript} open={failed} />
    </section>
  );
}
