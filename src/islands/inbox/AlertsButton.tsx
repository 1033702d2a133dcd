/**
 * *Turn on alerts*: subscribes this device to push alerts for the signed-in key (the service
 * worker, pwa/register.ts, and POST /api/leads/push), or turns them off again. On an iPhone or
 * iPad outside the home screen, Safari allows no push: the steps to add the inbox there instead.
 * Hidden while the site has no VAPID keys (alerts are off) or the browser cannot take push.
 */
import { useEffect, useState } from 'react';
import { deletePushSubscription, readPushStatus, savePushSubscription, type Session } from './api.ts';
import { alertSupport, currentSubscription, subscribeThisDevice } from './pwa/register.ts';

type State = 'checking' | 'off' | 'on' | 'busy' | 'hidden';

export function AlertsButton({ session }: { session: Session }) {
  const [state, setState] = useState<State>('checking');
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const support = alertSupport();

  useEffect(() => {
    let live = true;
    Promise.all([readPushStatus(session), currentSubscription()])
      .then(([status, subscription]) => {
        if (!live) return;
        setPublicKey(status.publicKey);
        setState(!status.publicKey ? 'hidden' : subscription && status.devices > 0 ? 'on' : 'off');
      })
      .catch(() => live && setState('hidden'));
    return () => {
      live = false;
    };
  }, [session]);

  if (state === 'checking' || state === 'hidden' || support === 'unsupported') return null;
  if (support === 'ios-home-screen') {
    return (
      <details className="inbox-alerts inbox-box">
        <summary>Turn on alerts on this iPhone</summary>
        <ol>
          <li>
            Tap <strong>Share</strong> (the square with an arrow) below.
          </li>
          <li>
            Tap <strong>Add to Home Screen</strong>, then <strong>Add</strong>.
          </li>
          <li>Open the Team inbox from its new icon, sign in, and tap Turn on alerts there.</li>
        </ol>
      </details>
    );
  }

  const turnOn = async () => {
    if (!publicKey) return;
    setState('busy');
    setProblem('');
    try {
      await savePushSubscription(session, await subscribeThisDevice(publicKey));
      setState('on');
    } catch (error) {
      setProblem((error as Error).message || 'Alerts could not be turned on.');
      setState('off');
    }
  };
  const turnOff = async () => {
    setState('busy');
    setProblem('');
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await deletePushSubscription(session, subscription.endpoint).catch(() => undefined);
        await subscription.unsubscribe();
      }
      setState('off');
    } catch (error) {
      setProblem((error as Error).message);
      setState('on');
    }
  };

  return (
    <div className="inbox-alerts">
      {state === 'on' ? (
        <>
          <p role="status">Alerts are on for this device: a new lead for you, or one waiting, buzzes it.</p>
          <button type="button" className="inbox-button" onClick={() => void turnOff()}>
            Turn off alerts
          </button>
        </>
      ) : (
        <button type="button" className="inbox-button inbox-button--primary" onClick={() => void turnOn()} disabled={state === 'busy'}>
          {state === 'busy' ? 'Turning on…' : 'Turn on alerts'}
        </button>
      )}
      {problem && (
        <p className="inbox-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
