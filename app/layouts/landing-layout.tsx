import { Outlet } from "react-router";
import { NoLoginLayout } from "./no-login-layout.tsx";

/** The landing-page layout: the no-login frame with a wide main area for the home page. */
export default function LandingLayout() {
  return (
    <NoLoginLayout wide>
      <Outlet />
    </NoLoginLayout>
  );
}
