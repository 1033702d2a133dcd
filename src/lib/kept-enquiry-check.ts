/**
 * The check for kept enquiries, inline on every page (BaseLayout): one localStorage read when nothing
 * waits. With the flag set and the browser online (now, or when the connection returns), it loads
 * the sender (src/lib/kept-enquiry.ts), which then listens for the connection's return itself.
 */
import { KEPT_FLAG, KEPT_SENDER } from './kept-enquiry.ts';

export const keptCheckScript = `(()=>{let d;const go=()=>{try{if(d||!navigator.onLine||!localStorage.getItem(${JSON.stringify(KEPT_FLAG)}))return;d=document.createElement('script');d.src=${JSON.stringify(KEPT_SENDER)};document.head.append(d)}catch{}};go();addEventListener('online',go)})()`;
