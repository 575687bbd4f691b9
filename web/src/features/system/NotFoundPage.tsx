import { GoHomeButton } from "../../components/GoHomeButton.tsx";
import { StatusCard } from "../../components/StatusCard.tsx";

export function NotFoundPage() {
  return (
    <StatusCard
      figure="404"
      title="Sorry, page not found!"
      description="The address may be mistyped, or the page has moved."
      action={<GoHomeButton />}
    />
  );
}
