import path from "node:path";
import pg from "pg";
import { openDatabase } from "../server/db/client.ts";
import { importContent } from "../server/modules/content/import-content.ts";
import { loadContent } from "../server/modules/content/load-content.ts";
import { systemClock } from "../server/lib/clock.ts";

/**
 * `npm run seed:scale`: fills a PostgreSQL database with 100,000 users, 1,000,000 module-progress
 * rows, 1,000,000 evaluation answers, 200,000 completed extended screenings with 800,000 scores,
 * 200,000 worksheet rows and a session per user (server-side generate_series, so
 * it takes minutes, not hours), then ANALYZEs and checks with EXPLAIN that every hot query uses an
 * index. Exits non-zero when a hot query scans a large table sequentially.
 *
 * DATABASE_URL    PostgreSQL server (required)
 * SEED_DATABASE   database name to create or fill (default kbt_scale)
 * SEED_SCALE      factor on every count (default 1; 0.001 for a quick check)
 * SEED_EXPLAIN_ONLY=1  skip seeding, only run the EXPLAIN checks
 *
 * Seeded users have no password and cannot log in; their encrypted fields hold placeholders that
 * do not decrypt (shaped as sealed values, so the start-up's encryption of plain health values,
 * health-encryption-migration.ts, leaves them alone: plain ones made the first start take six
 * minutes). They exist to make the tables large; `npm run bench` with
 * BENCH_DATABASE_URL=<this database> measures a real user among them.
 */

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl?.startsWith("postgres")) {
  console.error("npm run seed:scale needs DATABASE_URL=postgres://… (a PostgreSQL server).");
  process.exit(1);
}
const name = process.env.SEED_DATABASE ?? "kbt_scale";
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
  console.error("SEED_DATABASE must be a plain lower-case name");
  process.exit(1);
}
const scale = Number(process.env.SEED_SCALE ?? 1);
const USERS = Math.max(1, Math.round(100_000 * scale));
const PROGRESS_PER_USER = 10;
const ANSWERS_PER_USER = 10;
const WORKSHEET_PER_USER = 2;
const SCREENINGS_PER_USER = 2;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
if (exists.rowCount === 0) await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${name}`;
console.log(`database ${name}${exists.rowCount === 0 ? " (created)" : ""}`);

// Bulk inserts: no statement time limit.
const database = await openDatabase({ url: url.toString(), poolSize: 2, statementTimeoutMs: 0 });
await database.migrate();
await importContent(database.db, systemClock, loadContent(path.resolve("content")));
await database.close();

const client = new pg.Client({ connectionString: url.toString() });
await client.connect();

async function timed(label: string, sql: string, params: unknown[] = []): Promise<void> {
  const started = Date.now();
  const result = await client.query(sql, params);
  console.log(`${label}: ${result.rowCount ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.env.SEED_EXPLAIN_ONLY !== "1") {
  const started = Date.now();
  // Seeded rows are marked by their e-mail domain, so a second run adds nothing twice and
  // `delete from users where email like '%@scale.invalid'` removes them all (cascades).
  await client.query("delete from users where email like '%@scale.invalid'");
  await timed(
    "users",
    `insert into users (email, auth_type, locale, has_logged_in_before, terms_version, created_at, updated_at)
     select 'u' || g || '@scale.invalid', 'email', (array['sv','en','no','da'])[1 + g % 4], true, '2026-11-01',
            now() - (g % 365) * interval '1 day', now()
     from generate_series(1, $1::int) g`,
    [USERS],
  );
  // One course per user (in progress for most, completed for every fifth).
  await timed(
    "course_progress",
    `with u as (select id, row_number() over (order by id) as n from users where email like '%@scale.invalid'),
          c as (select id, row_number() over (order by position) - 1 as k, count(*) over () as total from courses where not archived)
     insert into course_progress (user_id, course_id, started_at, completed_at)
     select u.id, c.id, now() - (u.n % 300) * interval '1 day', case when u.n % 5 = 0 then now() - (u.n % 30) * interval '1 day' end
     from u join c on c.k = u.n % c.total`,
  );
  // Module progress: the first modules of the user's course, PROGRESS_PER_USER each (fewer where a course is shorter).
  await timed(
    "module_progress",
    `with m as (select id, course_id, row_number() over (partition by course_id order by position) as k from content_modules where not archived)
     insert into module_progress (user_id, module_id, course_id, completed_at)
     select cp.user_id, m.id, m.course_id, cp.started_at + m.k * interval '1 hour'
     from course_progress cp join users u on u.id = cp.user_id and u.email like '%@scale.invalid'
     join m on m.course_id = cp.course_id and m.k <= $1`,
    [PROGRESS_PER_USER],
  );
  await timed(
    "evaluation_answers",
    `with e as (select distinct on (course_id) id, course_id from content_modules where type = 'evaluation' order by course_id, position)
     insert into evaluation_answers (user_id, course_id, module_id, instrument, answers, score, band, severity, created_at)
     select cp.user_id, cp.course_id, e.id, 'seed', 'v1.seed.placeholder.not-decryptable', 'v1.seed.score', 'v1.seed.band', 'v1.seed.severity',
            cp.started_at + g * interval '3 days'
     from course_progress cp join users u on u.id = cp.user_id and u.email like '%@scale.invalid'
     join e on e.course_id = cp.course_id
     cross join generate_series(1, $1::int) g`,
    [ANSWERS_PER_USER],
  );
  // Completed extended screenings a month apart, each with its four scores (the recommendations and
  // the evaluation history read them).
  await timed(
    "screenings",
    `insert into screenings (user_id, kind, crisis, started_at, updated_at, completed_at)
     select u.id, 'extended', 'v1.seed.crisis', now() - g * interval '30 days', now() - g * interval '30 days', now() - g * interval '30 days'
     from users u cross join generate_series(1, $1::int) g
     where u.email like '%@scale.invalid'`,
    [SCREENINGS_PER_USER],
  );
  await timed(
    "screening_scores",
    `insert into screening_scores (screening_id, instrument, area, score, band, severity, created_at)
     select s.id, i.instrument, i.area, 'v1.seed.score', 'v1.seed.band', 'v1.seed.severity', s.completed_at
     from screenings s join users u on u.id = s.user_id and u.email like '%@scale.invalid'
     cross join (values ('phq9', 'depression'), ('gad7', 'anxiety'), ('pss10', 'stress'), ('miss', 'sleep')) i(instrument, area)`,
  );
  await timed(
    "worksheet_rows",
    `insert into worksheet_rows (user_id, worksheet, values, created_at, updated_at)
     select u.id, (array['stress-diary','sleep-diary','activity-monitoring'])[1 + g % 3], 'v1.seed.placeholder.not-decryptable',
            now() - g * interval '1 day', now() - g * interval '1 day'
     from users u cross join generate_series(1, $1::int) g
     where u.email like '%@scale.invalid'`,
    [WORKSHEET_PER_USER],
  );
  // A live session per user, so the session lookup every request makes meets a large table.
  await timed(
    "sessions",
    `insert into sessions (id_hash, user_id, created_at, last_seen_at, expires_at, verified, ip, user_agent)
     select encode(sha256(convert_to(u.id::text || random()::text, 'UTF8')), 'base64'), u.id, now(), now(), now() + interval '12 hours', true, '127.0.0.1', 'seed'
     from users u where u.email like '%@scale.invalid'`,
  );
  await timed("analyze", "analyze");
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

// ---- EXPLAIN of the hot queries ------------------------------------------------------------------
const sample = await client.query<{ user_id: string; course_id: string }>(
  "select cp.user_id, cp.course_id from course_progress cp join users u on u.id = cp.user_id where cp.completed_at is null order by cp.user_id limit 1",
);
const row = sample.rows[0];
if (!row) {
  console.error("no user with a course in progress to explain with");
  process.exit(1);
}
const { user_id: userId, course_id: courseId } = row;

const slug = (await client.query<{ slug: string }>("select slug from course_slugs where course_id = $1 limit 1", [courseId])).rows[0]?.slug ?? "";
/** The user's modules done in a course, read with the course (course-service.ts `modulesDone`). */
const MODULES_DONE = `coalesce((select json_agg(json_build_array(mp.module_id, floor(extract(epoch from mp.completed_at) * 1000)::bigint)) from module_progress mp where mp.user_id = $1 and mp.course_id = c.id), '[]'::json)`;

/** The statements course-service, evaluation and worksheet services issue per request (as SQL). */
const HOT_QUERIES: { name: string; sql: string; params: unknown[] }[] = [
  { name: "dashboard/active course: the course in progress with the user's progress (one statement)", sql: `select c.id, c.key, c.updated_at, cp.started_at, cp.completed_at, ${MODULES_DONE} from course_progress cp join courses c on c.id = cp.course_id where cp.user_id = $1 and cp.completed_at is null and c.archived = false limit 1`, params: [userId] },
  { name: "course detail: the course by slug with the user's progress (one statement)", sql: `select c.id, c.key, c.updated_at, cp.started_at, cp.completed_at, ${MODULES_DONE} from course_slugs s join courses c on c.id = s.course_id left join course_progress cp on cp.course_id = c.id and cp.user_id = $1 where s.slug = $2 and c.active = true and c.archived = false limit 1`, params: [userId, slug] },
  { name: "module content, completion: the user's module progress in a course", sql: `select * from module_progress where user_id = $1 and course_id = $2`, params: [userId, courseId] },
  { name: "module content, completion: the user's course progress", sql: `select * from course_progress where user_id = $1 and course_id = $2`, params: [userId, courseId] },
  { name: "course list: all the user's progress", sql: `select * from course_progress where user_id = $1`, params: [userId] },
  { name: "course list: all the user's completed modules", sql: `select course_id, module_id from module_progress where user_id = $1`, params: [userId] },
  { name: "evaluation history: the user's screening scores and course evaluations by time (one statement)", sql: `select coalesce((select json_agg(json_build_array(ss.screening_id, ss.instrument, floor(extract(epoch from ss.created_at) * 1000)::bigint, ss.score, ss.band) order by ss.created_at asc) from screening_scores ss join screenings s on s.id = ss.screening_id where s.user_id = u.id and s.completed_at is not null), '[]'::json), coalesce((select json_agg(json_build_array(ea.id, ea.instrument, floor(extract(epoch from ea.created_at) * 1000)::bigint, ea.score, ea.band) order by ea.created_at asc) from evaluation_answers ea where ea.user_id = u.id), '[]'::json) from users u where u.id = $1 limit 1`, params: [userId] },
  { name: "recommendations (dashboard): the two newest PHQ-9 and GAD-7 course evaluations per questionnaire (a subquery of the one statement)", sql: `select json_agg(json_build_array(x.id, x.instrument, x.score, x.created_ms) order by x.instrument, x.rn) from (select e.id, e.instrument, e.score, floor(extract(epoch from e.created_at) * 1000)::bigint as created_ms, row_number() over (partition by e.instrument order by e.created_at desc, e.id desc) as rn from evaluation_answers e where e.user_id = $1 and e.instrument in ('phq9', 'gad7')) x where x.rn <= 2`, params: [userId] },
  { name: "recommendations (dashboard): the screening baseline per questionnaire (a subquery of the one statement)", sql: `select json_agg(json_build_array(b.screening_id, b.instrument, b.score)) from (select distinct on (sc.instrument) sc.screening_id, sc.instrument, sc.score from screening_scores sc join screenings bs on bs.id = sc.screening_id where bs.user_id = $1 and bs.completed_at is not null and sc.instrument in ('phq9', 'gad7') order by sc.instrument, bs.completed_at desc) b`, params: [userId] },
  { name: "worksheet: the user's rows of one worksheet", sql: `select * from worksheet_rows where user_id = $1 and worksheet = $2 order by created_at`, params: [userId, "stress-diary"] },
  { name: "session lookup", sql: `select * from sessions where id_hash = $1`, params: ["x"] },
];
const LARGE = ["users", "course_progress", "module_progress", "evaluation_answers", "screenings", "screening_scores", "worksheet_rows", "sessions"];

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}
function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

// On a small seed the planner rightly prefers scanning tiny tables; there the check is that an
// index exists that serves each query (sequential scans discouraged). At full scale the real plans count.
const small = USERS < 10_000;
if (small) {
  await client.query("set enable_seqscan = off");
  console.log("small seed: checking that an index serves each query (enable_seqscan = off)");
}
let bad = 0;
for (const query of HOT_QUERIES) {
  const result = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`explain (format json) ${query.sql}`, query.params);
  const plan = result.rows[0]?.["QUERY PLAN"][0]?.Plan;
  if (!plan) throw new Error(`no plan for ${query.name}`);
  const all = nodes(plan);
  const seq = all.filter((n) => n["Node Type"] === "Seq Scan" && LARGE.includes(n["Relation Name"] ?? ""));
  const indexes = all.filter((n) => n["Index Name"]).map((n) => `${n["Node Type"]} ${n["Index Name"] ?? ""}`);
  if (seq.length) bad += 1;
  console.log(`${seq.length ? "SEQ SCAN" : "index   "}  ${query.name}: ${indexes.join(", ") || all.map((n) => n["Node Type"]).join(" > ")}`);
}
await client.end();
if (bad) {
  console.error(`${bad} hot quer${bad === 1 ? "y scans" : "ies scan"} a large table sequentially`);
  process.exit(1);
}
console.log("every hot query uses an index");
