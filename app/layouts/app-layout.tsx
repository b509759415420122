import { Outlet, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { DefaultLayout } from "./default-layout.tsx";
import { NoLoginLayout } from "./no-login-layout.tsx";

/** Logged in: the default layout with side navigation; visitors: the layout without login. */
export default function AppLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (root?.status.logged_in) {
    return (
      <DefaultLayout>
        <Outlet />
      </DefaultLayout>
    );
  }
  return (
    <NoLoginLayout>
      <Outlet />
    </NoLoginLayout>
  );
}
