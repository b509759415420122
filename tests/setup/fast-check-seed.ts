import fc from "fast-check";

/**
 * Every property test in `npm test` runs with a fixed seed, so a run is reproducible and CI
 * cannot fail on a case a local run never saw. `FUZZ_SEED=<n>` replays or varies it;
 * `FUZZ_SEED=random` is a hunt (fast-check prints the seed of a failure, which replays it).
 * A test that passes its own `seed` keeps it.
 */
const setting = process.env.FUZZ_SEED;
if (setting !== "random") fc.configureGlobal({ seed: Number(setting ?? 20_261_124) });
