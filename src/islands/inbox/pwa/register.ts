/**
 * The inbox's side of its service worker (service-worker.ts): registering it (by /leads only,
 * with scope /leads), whether this device can get push alerts, subscribing it with the server's
 * public key, and following a tapped alert to its lead.
 */

/** Where the worker is served (integrations/inbox-worker.ts) and what it controls. */
export const WORKER_URL = '/leads-sw.js';
export const WORKER_SCOPE = '/leads';

/** Registers the worker; nothing where the browser has none (or it fails: the inbox works without it). */
export const registerInboxWorker = async (): Promise<void> => {
  if (!('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE }).catch(() => undefined);
};

/**
 * Whether this device can get alerts: yes; only once the inbox is on the home screen (iOS and
 * iPadOS Safari allow push only to a web app added to the home screen); or not in this browser.
 */
export type AlertSupport = 'supported' | 'ios-home-screen' | 'unsupported';
export const alertSupport = (): AlertSupport => {
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  if (ios && !standalone) return 'ios-home-screen';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return 'supported';
};

/** A VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
export const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
};

/** This device's subscription, if it has one. */
export const currentSubscription = async (): Promise<PushSubscription | null> => {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration(WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
};

export class AlertsRefused extends Error {}

/** Asks for permission and subscribes this device with the server's key; its subscription as JSON for POST /api/leads/push. */
export const subscribeThisDevice = async (publicKey: string): Promise<PushSubscriptionJSON> => {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new AlertsRefused('Alerts are blocked for this site in the browser’s settings.');
  await registerInboxWorker();
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return subscription.toJSON();
};

/** Follows a tapped alert the worker passes on ({ open: url }): the inbox opens the lead its #lead=<id> names. */
export const followTappedAlerts = (): (() => void) => {
  if (!('serviceWorker' in navigator)) return () => {};
  const follow = (event: MessageEvent) => {
    const url = (event.data as { open?: unknown } | null)?.open;
    if (typeof url !== 'string') return;
    const target = new URL(url, location.origin);
    if (target.origin === location.origin && target.pathname === WORKER_SCOPE) location.hash = target.hash;
  };
  navigator.serviceWorker.addEventListener('message', follow);
  return () => navigator.serviceWorker.removeEventListener('message', follow);
};
