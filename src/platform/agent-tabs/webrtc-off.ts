/**
 * WebRTC for agent browsing. A page can open an RTCPeerConnection to a STUN or TURN server of its
 * choosing: no HTTP request is made, so neither the URL policy nor the declarativeNetRequest rules
 * see it, and a TURN server on a loopback or private address is reached from inside the user's
 * network.
 */
import { chrome } from '../browser-api';

/**
 * Chrome: WebRTC in the incognito session (where agent tabs live) may use no UDP that is not
 * proxied. `incognito_session_only` keeps it off the user's normal profile; it lasts until the
 * incognito session ends and also applies to the user's own incognito windows meanwhile.
 */
export async function webRtcOffInIncognito(): Promise<void> {
  const setting = chrome.privacy?.network?.webRTCIPHandlingPolicy;
  if (!setting) return;
  await setting
    .set({
      value: 'disable_non_proxied_udp' as chrome.privacy.IPHandlingPolicy,
      scope: 'incognito_session_only',
    })
    .catch(() => undefined);
}

/**
 * Firefox: `privacy.network.peerConnectionEnabled` turns RTCPeerConnection off altogether, but it
 * is browser-wide (containers do not scope it), so it is held off only while agent tabs are open
 * and given back (cleared: the user's own value returns) when the last one closes.
 */
export function peerConnectionsWhileOpen() {
  const setting = (
    chrome.privacy?.network as { peerConnectionEnabled?: chrome.types.ChromeSetting<boolean> } | undefined
  )?.peerConnectionEnabled;
  let held = false;
  return {
    async hold(): Promise<void> {
      if (!setting || held) return;
      held = true;
      await setting.set({ value: false }).catch(() => undefined);
    },
    async release(): Promise<void> {
      if (!setting || !held) return;
      held = false;
      await setting.clear({}).catch(() => undefined);
    },
  };
}
