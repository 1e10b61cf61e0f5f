// /profile's "Two-step verification": the authenticator apps set up for the account, a way to add
// one (optional for applicants, required of staff) and to remove one. Removing an app that is set
// up needs a session that gave its code (Supabase Auth's rule): signed in with the password only,
// the page says to log in again with the code.
import { useCallback, useEffect, useRef, useState } from 'react';
import { listFactors, removeFactor, type Factor } from '../../lib/auth/second-factor.ts';
import { formatConsultancyDay } from '../../../common/consultancy-time.ts';
import FormMessage from '../ui/FormMessage.tsx';
import type { FormStatus } from '../hooks/use-form.ts';
import FactorEnrolment from './FactorEnrolment.tsx';

export default function SecondFactorSettings() {
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [outcome, setOutcome] = useState<{ status: FormStatus; message: string }>({ status: 'idle', message: '' });
  const addButton = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    const result = await listFactors();
    if (result.ok) setFactors(result.data.filter((factor) => factor.verified));
    else setOutcome({ status: 'error', message: result.error.message });
  }, []);
  useEffect(() => void load(), [load]);

  // The set-up replaces the list where the person pressed "Add", and the list comes back in its
  // place: focus follows, to the set-up's heading, then back to the button (beside the outcome).
  const wasAdding = useRef(false);
  useEffect(() => {
    if (adding) document.getElementById('enrol-title')?.focus();
    else if (wasAdding.current) addButton.current?.focus();
    wasAdding.current = adding;
  }, [adding]);

  const remove = async (factor: Factor) => {
    setOutcome({ status: 'submitting', message: '' });
    const result = await removeFactor(factor.id);
    if (!result.ok) {
      setOutcome({ status: 'error', message: result.error.message });
      return;
    }
    setOutcome({ status: 'success', message: `“${factor.name}” is no longer asked for at login.` });
    await load();
    addButton.current?.focus();
  };

  return (
    <section aria-labelledby="second-factor-title" className="profile__section">
      <h2 id="second-factor-title">Two-step verification</h2>
      {adding ? (
        <FactorEnrolment
          intro={<p>After your password, the login will also ask for a code from this app. Staff must have one; for applicants it is optional.</p>}
          onEnrolled={() => {
            setAdding(false);
            setOutcome({ status: 'success', message: 'Your authenticator app is set up. Login will ask for its code.' });
            void load();
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <>
          {factors === null ? (
            <p role="status">Loading…</p>
          ) : factors.length === 0 ? (
            <p>No authenticator app is set up. Your login asks for your password only.</p>
          ) : (
            <ul className="factor-list" aria-label="Authenticator apps">
              {factors.map((factor) => (
                <li key={factor.id}>
                  <span>
                    <strong>{factor.name || 'Authenticator app'}</strong>, added {formatConsultancyDay(factor.createdAt)}
                  </span>
                  <button
                    type="button"
                    className="form-submit form-submit--secondary"
                    disabled={outcome.status === 'submitting'}
                    onClick={() => void remove(factor)}
                  >
                    Remove<span className="visually-hidden"> {factor.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button
            ref={addButton}
            type="button"
            className="form-submit"
            onClick={() => {
              setOutcome({ status: 'idle', message: '' });
              setAdding(true);
            }}
          >
            Add an authenticator app
          </button>
        </>
      )}
      <FormMessage status={outcome.status} message={outcome.message} />
    </section>
  );
}
