// The scoreboard of a match and its final places (issue 19 part F; docs/growth.md "Matches").
// A total is the sum of an entrant's stage scores: a judge's score of each submission, and the best
// passed score of each exam round handed in inside its window. Ties go to the earlier submission
// (the later of the entrant's counted hand-ins, earlier first), then to the earlier enrolment.
// When a match has ended, the first reader writes the final places and awards their points.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { awardPoints } from '../../lib/points';
import { isoOrNull } from '../../lib/list-sql';
import { MATCH_PLACE_UNITS, type Scoreboard, type ScoreboardRow } from '../../../schemas/api/matches';
import { claimFinalisation, enrolledEntrants, examCells, listStages, savePlace, submissionCells } from './matches-repository';

type Trx = Transaction<DB>;

/** One entrant's standing before places are numbered. */
interface Standing {
  userId: number;
  userName: string;
  total: number;
  stageScores: (number | null)[];
  lastAt: Date | null;
  counted: number;
  order: number;
  finalPlace: number | null;
}

/** The standings of a match's enrolled entrants, best first. */
async function standings(trx: Trx, matchId: number): Promise<{ stages: { id: number; title: string }[]; rows: Standing[] }> {
  // One connection: the queries run one after another.
  const stages = await listStages(trx, matchId);
  const entrants = await enrolledEntrants(trx, matchId);
  const subs = await submissionCells(trx, matchId);
  const exams = await examCells(trx, matchId);
  const column = new Map(stages.map((s, i) => [s.id, i]));
  const byUser = new Map<number, Standing>(entrants.map((e, order) => [e.user_id, {
    userId: e.user_id, userName: e.name, total: 0, stageScores: stages.map(() => null), lastAt: null, counted: 0, order, finalPlace: e.place,
  }]));
  for (const cell of [...subs, ...exams]) {
    const row = byUser.get(cell.user_id);
    const i = column.get(cell.stage_id);
    if (!row || i === undefined) continue; // a withdrawn entrant's work does not count
    row.stageScores[i] = cell.score;
    row.total += cell.score;
    row.counted += 1;
    if (!row.lastAt || cell.at > row.lastAt) row.lastAt = cell.at;
  }
  const rows = [...byUser.values()].sort((a, b) =>
    // Entrants with something counted first; then the total, the earlier last hand-in, the earlier enrolment.
    Number(b.counted > 0) - Number(a.counted > 0) || b.total - a.total
    || (a.lastAt?.getTime() ?? Infinity) - (b.lastAt?.getTime() ?? Infinity) || a.order - b.order);
  return { stages: stages.map((s) => ({ id: s.id, title: s.title })), rows };
}

/** The places in standing order: 1, 2, 3 … for entrants with something counted, null for the rest. */
const placesOf = (rows: Standing[]) => rows.map((r, i) => (r.counted > 0 ? i + 1 : null));

/** Points units a final place earns (MATCH_PLACE_UNITS: 1st 5, 2nd 3, 3rd 2, every other placed entrant 1). */
export const unitsForPlace = (place: number) => MATCH_PLACE_UNITS[Math.min(place, MATCH_PLACE_UNITS.length) - 1]!;

/**
 * A standing as the final board shows it: an entrant the finalisation left without a place had
 * nothing counted then (every entrant with a counted score got one), so nothing counted later shows.
 */
const finalOf = (r: Standing): Standing =>
  (r.finalPlace !== null ? r : { ...r, total: 0, stageScores: r.stageScores.map(() => null), lastAt: null, counted: 0 });

/**
 * The scoreboard as `viewerId` sees it: live while the match runs, final once it is finalised (the
 * places written then are shown, so a later change of an exam attempt cannot reorder a final board).
 */
export async function scoreboardOf(trx: Trx, matchId: number, viewerId: number | null, final: boolean): Promise<Scoreboard> {
  const { stages, rows } = await standings(trx, matchId);
  const live = placesOf(rows);
  // docs/growth.md "Matches": "The final board shows the places written then", never a live place
  // beside them (a live one could repeat a final one); the rest keep their standing order.
  const ordered = final
    ? rows.map((r) => ({ r: finalOf(r), place: r.finalPlace })).sort((a, b) => (a.place ?? Infinity) - (b.place ?? Infinity))
    : rows.map((r, i) => ({ r, place: live[i] ?? null }));
  const out: ScoreboardRow[] = ordered.map(({ r, place }) => ({
    place, userId: r.userId, userName: r.userName, total: r.total, stageScores: r.stageScores, lastAt: isoOrNull(r.lastAt), me: r.userId === viewerId,
  }));
  return { matchId, final, stages, rows: out };
}

/** The caller's standing in a match: total and place (null: nothing counted; once final, the place written then). */
export async function standingOf(trx: Trx, matchId: number, userId: number, final: boolean): Promise<{ total: number; place: number | null; scored: number }> {
  const { rows } = await standings(trx, matchId);
  const i = rows.findIndex((r) => r.userId === userId);
  if (i < 0) return { total: 0, place: null, scored: 0 };
  const row = final ? finalOf(rows[i]!) : rows[i]!;
  return { total: row.total, place: final ? row.finalPlace : placesOf(rows)[i] ?? null, scored: row.counted };
}

/**
 * Writes the final places of an ended match and awards their points (awardPoints match_place, ref
 * `match:<id>`, units by place), once: the first caller after the end claims it. Runs in the
 * caller's transaction, after the read that found the match ended.
 */
export async function finaliseIfEnded(trx: Trx, match: { id: number; title: string; ended: boolean; finalised_at: Date | null }): Promise<boolean> {
  if (!match.ended || match.finalised_at !== null) return match.finalised_at !== null;
  if (!(await claimFinalisation(trx, match.id))) return true;
  const { rows } = await standings(trx, match.id);
  const places = placesOf(rows);
  for (const [i, row] of rows.entries()) {
    const place = places[i];
    if (place == null) continue;
    // spec learning §9 "points ranking ... not shown": ours, docs/growth.md "Matches".
    const points = await awardPoints(trx, { userId: row.userId, kind: 'match_place', ref: `match:${match.id}`, units: unitsForPlace(place), note: `${match.title} · #${place}` });
    await savePlace(trx, match.id, row.userId, place, points);
  }
  return true;
}
