import { GoHomeButton } from "../../components/GoHomeButton.tsx";
import { StatusCard } from "../../components/StatusCard.tsx";

// Stands in for every screen that has not been built yet (see app/screens.ts).
export default function UnderConstructionPage() {
  return (
    <StatusCard
      icon="build"
      intent="warning"
      title="Sorry, page is not ready yet!"
      description="We are still building this part of Dirabot."
      action={<GoHomeButton />}
    />
  );
}
