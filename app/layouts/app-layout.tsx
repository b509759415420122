import { Outlet } from "react-router";
import { useRootData } from "../lib/root-data.ts";
import { DefaultLayout } from "./default-layout.tsx";
import { NoLoginLayout } from "./no-login-layout.tsx";

/** Logged in: the default layout with side navigation; visitors: the layout without login. */
export default function AppLayout() {
  const root = useRootData();
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
