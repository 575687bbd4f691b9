import { Outlet } from "react-router-dom";
import { PageFrame } from "../../components/PageFrame.tsx";

// Frame of the public screens (sign-in pages, 404, banned, redirect, under construction).
export function PublicLayout() {
  return (
    <PageFrame>
      <Outlet />
    </PageFrame>
  );
}
