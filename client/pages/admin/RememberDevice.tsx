import { ADMIN_TEXT } from '../../../shared/admin/texts.js';

/**
 * "Remember this device for 30 days": a longer session on the admin's own device (admin-session.ts).
 * In the password form it is sent with it (`remember`), with its hint below. Beside a passkey its
 * state is read (`onChange`) and it points to that hint (`hintOf`: the other box's id) rather than
 * repeating it.
 */
export function RememberDevice({
  id,
  onChange,
  hintOf,
}: {
  id: string;
  onChange?: (remember: boolean) => void;
  hintOf?: string;
}) {
  return (
    <div className="admin-remember">
      <label>
        <input
          type="checkbox"
          name={onChange ? undefined : 'remember'}
          value="on"
          aria-describedby={`${hintOf ?? id}-hint`}
          onChange={onChange && ((event) => onChange(event.target.checked))}
        />
        {ADMIN_TEXT.rememberDevice}
      </label>
      {!hintOf && (
        <p id={`${id}-hint`} className="field__hint">
          {ADMIN_TEXT.rememberDeviceHint}
        </p>
      )}
    </div>
  );
}
