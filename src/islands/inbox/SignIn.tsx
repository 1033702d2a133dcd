/** The inbox's sign-in: the person's own key, kept for the tab's life; their name and role come with it. */
import { useState, type FormEvent } from 'react';
import { saveSession, signIn, type Session } from './api.ts';
import { formText } from '../../lib/text.ts';

export function SignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = formText(new FormData(event.currentTarget), 'token').trim();
    if (!token) {
      setProblem('Write your key.');
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      const session = await signIn(token);
      saveSession(session);
      onSignedIn(session);
    } catch (error) {
      const status = (error as { status?: number }).status;
      setProblem(
        status === 401
          ? 'That key is not right. Check it and try again.'
          : status === 429
            ? (error as Error).message
            : status === 404
              ? 'The inbox is not set up on this site yet (no team token).'
              : 'The inbox could not be reached. Try again in a moment.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="inbox-signin" onSubmit={(event) => void submit(event)} noValidate>
      <h1>Team inbox</h1>
      <p>Sign in with your own key. Your name comes with it and is recorded with what you change.</p>
      <label htmlFor="inbox-token">Your key</label>
      <input id="inbox-token" name="token" type="password" autoComplete="current-password" required />
      {problem && (
        <p className="inbox-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="inbox-button inbox-button--primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
