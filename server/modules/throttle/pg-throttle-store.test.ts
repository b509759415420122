import { testDatabase } from "../../testing/test-database.ts";
import { PgThrottleStore } from "./pg-throttle-store.ts";
import { throttleStoreContract } from "./throttle-store-contract.ts";

throttleStoreContract("PostgreSQL", async () => new PgThrottleStore((await testDatabase()).db));
