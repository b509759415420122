import { ScreenIntro } from "../components/screen-intro.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/dashboard";

const screenGuards = guards("dashboard");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("dashboard");
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function DashboardScreen() {
  return <ScreenIntro id="dashboard" />;
}
