import { createContext } from 'react';

/** Media that finish loading call this so a reader at the bottom of the conversation stays there. */
const MediaLoadContext = createContext(() => {});

export default MediaLoadContext;
