import { useMemo } from 'react';
import { botConnectionIdsOf } from '../utils/botState';
import { useConnections } from './useLookups';

/** Ids of the company's connections with queues, where the bot holds new tickets (botStage). */
export default function useBotConnections() {
  const connections = useConnections();
  return useMemo(() => botConnectionIdsOf(connections), [connections]);
}
