// The account's rights on /profile: download everything held about it (one zip: data.json and the
// documents), and delete it (a dialog that says what goes and what the consultancy keeps, and asks
// for the password again). Progress and outcomes are announced; the dialog is the site's Dialog
// (native <dialog>: focus moves in, stays in, and returns to the button that opened it).
import { useState } from 'react';
import * as z from 'zod/mini';
import { deleteMyAccount, downloadMyData, readableSize, RIGHTS_TEXTS } from '../../lib/account-rights.ts';
import { currentPassword } from '../../lib/forms/password.ts';
import { useForm } from '../hooks/use-form.ts';
import Dialog from '../ui/Dialog.tsx';
import { TextField } from '../ui/Field.tsx';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';

const deleteSchema = z.object({ password: currentPassword });

/** Saves `file` under `name` through a link the browser downloads. */
function save(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Download my data": one button and the line that says how it went. */
function DownloadMyData() {
  const [state, setState] = useState<{ busy: boolean; message: string; failed: boolean }>({ busy: false, message: '', failed: false });
  const download = async () => {
    setState({ busy: true, message: RIGHTS_TEXTS.downloading, failed: false });
    const result = await downloadMyData();
    if (!result.ok) return setState({ busy: false, message: result.error.message, failed: true });
    save(result.data.file, result.data.name);
    setState({ busy: false, message: RIGHTS_TEXTS.downloaded(readableSize(result.data.file.size)), failed: false });
  };
  return (
    <div className="account-rights__part">
      <h3>Download my data</h3>
      <p>One file (a zip) with everything we hold about your account: your profile, your applications with their history, your documents, and the bookings, messages, newsletter subscription and emails under your address. data.json in it is readable by a person and by a program.</p>
      <button type="button" className="form-submit" disabled={state.busy} aria-disabled={state.busy} onClick={() => void download()}>
        {state.busy ? 'Preparing…' : 'Download my data'}
      </button>
      <div role={state.failed ? 'alert' : 'status'} className={`form-message${state.message ? (state.failed ? ' form-message--error' : ' form-message--success') : ''}`}>
        {state.message}
      </div>
    </div>
  );
}

/** "Delete my account": the button, and the dialog that confirms with the password. */
function DeleteMyAccount({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const form = useForm({
    schema: deleteSchema,
    initial: { password: '' },
    submit: async ({ password }) => {
      const result = await deleteMyAccount(password);
      if (result.ok) onDeleted();
      return result;
    },
    resetOnSuccess: false,
  });
  const close = () => {
    setOpen(false);
    form.reset();
    form.clearMessage();
  };
  return (
    <div className="account-rights__part">
      <h3>Delete my account</h3>
      <p>Deletes your account and signs you out everywhere. Download your data first if you want a copy.</p>
      <button type="button" className="form-submit form-submit--danger" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      <Dialog open={open} role="alertdialog" title="Delete your account?" onClose={close}>
        <p>This cannot be undone. We delete:</p>
        <ul>
          <li>your sign-in and your profile, and you are signed out on every device;</li>
          <li>every document you uploaded;</li>
          <li>the bookings, messages, newsletter subscription and emails under your email address.</li>
        </ul>
        <p>
          We keep a record of each application you made (its reference, visa type, decision and dates) without your name, contact details, date of birth, passport number or address: the law asks us to keep a record of the services we gave. We email you once it is done.
        </p>
        <form ref={form.formRef} noValidate onSubmit={(event) => void form.onSubmit(event)}>
          <TextField label="Your password" type="password" autoComplete="current-password" field={form.fieldProps('password')} error={form.errors.password} />
          <FormMessage status={form.status === 'error' && !form.errors.password ? 'error' : 'idle'} message={form.errors.password ? '' : form.message} />
          <div className="dialog__actions">
            <button type="button" className="form-submit form-submit--secondary" onClick={close}>
              Cancel
            </button>
            <SubmitButton label="Delete my account" busyLabel="Deleting…" busy={form.submitting} tone="danger" />
          </div>
        </form>
      </Dialog>
    </div>
  );
}

/** Both rights, as a section of /profile. */
export default function AccountRights({ onDeleted }: { onDeleted: () => void }) {
  return (
    <section aria-labelledby="account-rights-title" className="profile__section account-rights">
      <h2 id="account-rights-title">Your data</h2>
      <DownloadMyData />
      <DeleteMyAccount onDeleted={onDeleted} />
    </section>
  );
}
