import { useState, useSyncExternalStore, type ChangeEvent, type KeyboardEvent } from 'react';
import { controlProps, FieldFrame } from '../FormField.js';

const LISTBOX_ID = 'enquiry-country-choices';
const optionId = (index: number) => `${LISTBOX_ID}-${index}`;
const noSubscription = () => () => {};

type Matcher = (typeof import('./country-matcher.js'))['countriesMatching'];
/** The list of countries, fetched the first time the field is used (not with the page: few visitors need it). */
const loadMatcher = (): Promise<Matcher> =>
  import('./country-matcher.js').then((countries) => countries.countriesMatching);

/**
 * The Country field: free text, with the document's <datalist> of every country and its other names
 * (`list`, written by the server after the app) as the baseline without JavaScript. Once hydrated it
 * is a combobox of its own instead, which finds a country by any of its names ("Deutsch" offers
 * Germany) and fills in its display name; whatever is typed is still sent as typed. Its list of
 * countries comes on the field's first focus or keystroke; if it cannot, the field keeps the datalist.
 */
export function CountryField({
  id,
  name,
  label,
  value,
  error,
  list,
  maxLength,
  onChange,
  onChoose,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  list: string;
  maxLength: number;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onChoose: (name: string) => void;
}) {
  // False in the server's HTML and while hydrating (so the page hydrates as it was sent), then true.
  const enhanced = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [matching, setMatching] = useState<Matcher | 'unavailable'>();
  const load = () => {
    if (!matching)
      loadMatcher().then(
        (matcher) => setMatching(() => matcher),
        () => setMatching('unavailable'),
      );
  };
  // A list that could not be fetched (offline) gives the field back the document's <datalist>.
  const combobox = enhanced && matching !== 'unavailable';
  const choices = combobox && open && typeof matching === 'function' ? matching(value) : [];
  const expanded = choices.length > 0;

  const choose = (name: string) => {
    onChoose(name);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    load();
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (choices.length === 0 ? -1 : (current + step + choices.length) % choices.length));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(choices[active]!.name);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <FieldFrame id={id} label={label} error={error}>
      <div className="country-field">
        <input
          type="text"
          name={name}
          value={value}
          maxLength={maxLength}
          autoComplete="country-name"
          list={combobox ? undefined : list}
          {...controlProps(id, error)}
          {...(combobox && {
            role: 'combobox',
            'aria-autocomplete': 'list' as const,
            'aria-expanded': expanded,
            'aria-controls': LISTBOX_ID,
            'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
          })}
          onFocus={load}
          onChange={(event) => {
            load();
            setOpen(true);
            setActive(-1);
            onChange(event);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        {combobox && (
          <ul id={LISTBOX_ID} role="listbox" aria-label={label} className="country-field__choices" hidden={!expanded}>
            {choices.map(({ name: shown, by }, index) => (
              <li
                key={shown}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(shown);
                }}
              >
                {shown}
                {by && <span className="country-field__by"> ({by})</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </FieldFrame>
  );
}
