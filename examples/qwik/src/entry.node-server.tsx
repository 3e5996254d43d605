/** The app's Node.js server: static files, then Qwik City. PORT and HOST from the environment. */
import { createQwikCity } from "@builder.io/qwik-city/middleware/node";
import qwikCityPlan from "@qwik-city-plan";
import { createServer } from "node:http";
import render from "./entry.ssr";

const { router, notFound, staticFile } = createQwikCity({ render, qwikCityPlan });

createServer((req, res) => {
  staticFile(req, res, () => router(req, res, () => notFound(req, res, () => {})));
}).listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1");
