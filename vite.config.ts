import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    assetsInlineLimit: 0,
  },
  server: {
    // The dev server runs inside Fastify (server/dev.ts) in middleware mode.
    hmr: { port: 24678 },
  },
});
