import { Outlet } from "react-router-dom";
import { PageFrame } from "../../components/PageFrame.tsx";

// Frame of the signed-in screens. For now the plain page frame; the accounts work replaces it with
// the top bar (64/80 px) and the 280 px side nav of SPEC §2 "Layout".
export function MainLayout() {
  return (
    <PageFrame>
      <Outlet />
    </PageFrame>
  );
}
