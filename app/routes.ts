import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx", { id: "home.sv" }),
  route("/en", "routes/home.tsx", { id: "home.en" }),
  route("/no", "routes/home.tsx", { id: "home.no" }),
  route("/da", "routes/home.tsx", { id: "home.da" }),
] satisfies RouteConfig;
