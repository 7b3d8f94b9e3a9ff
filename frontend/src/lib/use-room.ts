import { useEffect } from 'react';
import { joinRoom } from './socket';

/** Keeps the page's socket in `room` while the calling screen is mounted (null joins nothing). */
export function useRoom(room: string | null): void {
  useEffect(() => (room ? joinRoom(room) : undefined), [room]);
}
