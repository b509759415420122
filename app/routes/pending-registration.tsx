import { ScreenIntro } from "../components/screen-intro.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/pending-registration";

const screenGuards = guards("pendingRegistration");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("pendingRegistration");
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function PendingRegistrationScreen() {
  return <ScreenIntro id="pendingRegistration" />;
}
