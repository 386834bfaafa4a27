/**
 * Seats kept in the browser: the seat tokens a player got by joining (localStorage, so a
 * reload resumes the seat) and the player's name.
 */
import { asSeat } from "@agora/sdk";

export interface SeatToken {
  seat: number;
  /** The seat token; "" for a seat bound to the signed-in player (its JWT acts for it). */
  token: string;
}

/** Call options acting for `seat`: its seat token, else the player's bearer token. */
export const actAs = (seat: SeatToken) => (seat.token === "" ? {} : asSeat(seat.token));

const SEATS_KEY = "agora.seats";

function storedSeats(): Record<string, SeatToken[]> {
  try {
    const parsed = JSON.parse(localStorage.getItem(SEATS_KEY) ?? "{}") as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, SeatToken[]>) : {};
  } catch {
    return {};
  }
}

export function seatsOf(sessionId: string): SeatToken[] {
  const seats = storedSeats()[sessionId];
  return Array.isArray(seats) ? seats.filter((s) => typeof s.seat === "number" && typeof s.token === "string") : [];
}

export function keepSeat(sessionId: string, seat: SeatToken) {
  const all = storedSeats();
  all[sessionId] = [...seatsOf(sessionId).filter((s) => s.seat !== seat.seat), seat];
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

export const playerName = () => localStorage.getItem("agora.name") ?? "";
