import type { StatusFigures } from "@dirabot/api";
import { api } from "../../../lib/api.ts";

// GET /api/status/figures (admins): the scrapers' own figures per source and the chat service's
// freshness measurements, as the gateway shapes them.

export type { Freshness, StatusFigures as FiguresAnswer } from "@dirabot/api";
export type SourceFigures = StatusFigures["sources"][number];
export type RunTotals = SourceFigures["lastHour"];
export type BlockedPeriod = SourceFigures["blocked"][number];
export type HourFreshness = SourceFigures["freshness"]["hourly"][number];

export const fetchFigures = () => api.get<StatusFigures>("/api/status/figures");
export const figuresKey = ["admin", "monitoring", "figures"] as const;
