import { useEffect, useRef } from 'react';
import { socket } from '../services/socket';

/** Calls handler(data) for every frame of the named event while the component is mounted. */
export default function useSocketEvent(event, handler) {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!event) return undefined;
    return socket.subscribe(event, (data) => handlerRef.current(data));
  }, [event]);
}
