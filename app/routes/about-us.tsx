import { ScreenIntro } from "../components/screen-intro.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/about-us";

const screenGuards = guards("aboutUs");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("aboutUs");
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function AboutUsScreen() {
  return <ScreenIntro id="aboutUs" />;
}
