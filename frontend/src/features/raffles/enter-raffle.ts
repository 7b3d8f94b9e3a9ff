import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ApiEnvelope, RaffleEnterAnswer, RaffleEnterRequest, RaffleEnterResult } from '@kickback/contracts';
import { getSocket } from '../../lib/socket';

/** Past this the socket answer is given up on and the entry is sent again over HTTP with the same key. */
const SOCKET_ANSWER_MS = 8000;

type Outcome = { data: ApiEnvelope<RaffleEnterResult> } | { error: FetchBaseQueryError };
type Http = (args: { url: string; method: 'POST'; body: unknown; headers: Record<string, string> }) => Promise<Outcome>;

const newKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * Enters over the page's open socket when there is one (the server's cheaper path during a stream
 * burst), otherwise, or when the socket does not answer in time, with POST /api/r/raffles/{id}/enter.
 * One idempotency key covers both tries, so a points entry that did land is not paid twice.
 */
export async function enterRaffle(id: number, body: RaffleEnterRequest, http: Http): Promise<Outcome> {
  const key = newKey();
  const socket = await getSocket();
  if (socket.connected) {
    try {
      const answer: RaffleEnterAnswer = await socket
        .timeout(SOCKET_ANSWER_MS)
        .emitWithAck('raffle:enter', { ...body, raffle_id: id, idempotency_key: key });
      return answer.status < 400 ? { data: answer.body } : { error: { status: answer.status, data: answer.body } };
    } catch {
      // No answer in time (connection dropped mid-way): HTTP decides, with the same key.
    }
  }
  return http({ url: `/api/r/raffles/${id}/enter`, method: 'POST', body, headers: { 'Idempotency-Key': key } });
}
