/**
 * Sell Flats photos: up to 5, each shown as a thumbnail with its own remove button, resized in
 * the browser before they are sent with the enquiry in one multipart POST. Without the script
 * the input is a plain `<input type="file" name="files" multiple>` of the HTML form.
 */
import { useEffect, useRef, useState } from 'react';
import { format } from '../../i18n/format.ts';
import { PHOTO_LIMITS, PHOTO_TYPES } from '../../lib/enquiry/photo-rules.ts';
import { ErrorText } from './FieldShell.tsx';
import { fieldIds, useFormMeta } from './context.ts';

export interface ChosenPhoto {
  key: number;
  file: File;
  /** Object URL of the thumbnail. */
  preview: string;
}

export interface PhotoFieldProps {
  photos: ChosenPhoto[];
  onChange: (photos: ChosenPhoto[]) => void;
  /** A problem found by the server (413, 415), shown here. */
  serverError?: string;
}

let nextKey = 0;

export default function PhotoField({ photos, onChange, serverError }: PhotoFieldProps) {
  const { idPrefix, hydrated, words, messages } = useFormMeta();
  const ids = fieldIds(idPrefix, 'photos');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const error = problem ?? serverError;

  // Thumbnails are object URLs: free them with the photos they show.
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);
  useEffect(() => () => latest.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  const add = async (files: File[]) => {
    setBusy(true);
    setProblem(undefined);
    const kept = photos.map((p) => p.file);
    // The shrinking and the checks are fetched when photos are first chosen; should that fail,
    // each photo goes as it is (as many as there is room for) and the server checks it.
    const { added, problem: found } = await import('./shrink-photo.ts').then(
      (module) => module.addPhotos(files, kept, messages),
      () => ({ added: files.slice(0, Math.max(0, PHOTO_LIMITS.maxCount - kept.length)), problem: undefined }),
    );
    setProblem(found);
    onChange([...photos, ...added.map((file) => ({ key: nextKey++, file, preview: URL.createObjectURL(file) }))]);
    setBusy(false);
  };

  // Photos chosen in the plain form before the script arrived join the list.
  useEffect(() => {
    const chosen = input.current?.files;
    if (!hydrated || !chosen || chosen.length === 0) return;
    const files = Array.from(chosen);
    if (input.current) input.current.value = '';
    void add(files);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form hydrates
  }, [hydrated]);

  const remove = (key: number) => {
    const photo = photos.find((p) => p.key === key);
    if (photo) URL.revokeObjectURL(photo.preview);
    setProblem(undefined);
    onChange(photos.filter((p) => p.key !== key));
    input.current?.focus();
  };

  return (
    <div className={['field', 'photos', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={ids.input}>
        {words.fields.photos.label}
      </label>
      <p className="field__hint" id={ids.hint}>
        {words.fields.photos.hint}
      </p>
      <input
        ref={input}
        id={ids.input}
        className="photos__input"
        type="file"
        name={hydrated ? undefined : PHOTO_LIMITS.filesField}
        multiple
        accept={Object.values(PHOTO_TYPES).join(',')}
        aria-describedby={[ids.hint, error ? ids.error : ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        disabled={busy || (hydrated && photos.length >= PHOTO_LIMITS.maxCount)}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = ''; // the same file may be chosen again after a remove
          if (files.length > 0) void add(files);
        }}
      />
      <p className="photos__status" aria-live="polite">
        {busy
          ? words.photos.preparing
          : hydrated && photos.length > 0
            ? format(words.photos.count, { count: photos.length, max: PHOTO_LIMITS.maxCount })
            : ''}
      </p>
      {photos.length > 0 && (
        <ul className="photos__list">
          {photos.map((photo) => (
            <li key={photo.key} className="photos__item">
              <img src={photo.preview} alt="" width={96} height={72} />
              <span className="photos__name">{photo.file.name}</span>
              <button type="button" className="photos__remove" onClick={() => remove(photo.key)}>
                {words.photos.remove}
                <span className="visually-hidden"> {photo.file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorText id={ids.error} message={error} />
    </div>
  );
}
