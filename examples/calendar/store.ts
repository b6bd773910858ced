// The calendar's events live in a JSON file, not in the process: the server is stateless, and
// any process (a fresh one per request, if need be) sees the same week.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface CalendarEvent {
  title: string;
  startsAt: string;
  durationMinutes: number;
}

const file = process.env["CALENDAR_FILE"] ?? join(tmpdir(), "mcp-gen-calendar.json");

export function events(): CalendarEvent[] {
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, "utf8")) as CalendarEvent[];
}

export function addEvent(event: CalendarEvent): void {
  const next = [...events(), event].sort((a, b) => (a.startsAt < b.startsAt ? -1 : 1));
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(next, null, 2));
  renameSync(temp, file);
}

/** The events of the week (Monday to Sunday, UTC) that contains `day`. */
export function weekOf(day: Date): CalendarEvent[] {
  const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - ((day.getUTCDay() + 6) % 7)));
  const end = new Date(start.getTime() + 7 * 86_400_000);
  return events().filter((e) => new Date(e.startsAt) >= start && new Date(e.startsAt) < end);
}
