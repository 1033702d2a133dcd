/** The inbox's sign-in: the team token and the name recorded with every change, kept for the tab's life. */
import { useState, type FormEvent } from 'react';
import { saveSession, signIn, type Session } from './api';

export function SignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const session = { token: String(data.get('token') ?? '').trim(), name: String(data.get('name') ?? '').trim() };
    if (!session.name || !session.token) {
      setProblem('Write your name and the team token.');
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      await signIn(session);
      saveSession(session);
      onSignedIn(session);
    } catch (error) {
      const status = (error as { status?: number }).status;
      setProblem(
        status === 401
          ? 'That token is not right. Check it and try again.'
          : status === 404
            ? 'The inbox is not set up on this site yet (no team token).'
            : 'The inbox could not be reached. Try again in a moment.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="inbox-signin" onSubmit={submit} noValidate>
      <h1>Team inbox</h1>
      <p>Sign in with the team token. Your name is recorded with what you change.</p>
      <label htmlFor="inbox-name">Your name</label>
      <input id="inbox-name" name="name" autoComplete="name" required maxLength={60} />
      <label htmlFor="inbox-token">Team token</label>
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
