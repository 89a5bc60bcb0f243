import { type DragEvent, useEffect, useRef, useState } from 'react';
import { ApiError, apiCall } from '../../lib/client.ts';
import { isPlanLimit } from '../../lib/plan-limit.ts';
import { fill, type PictureItem } from './vehicle-form.ts';

export type PictureStrings = Record<
  | 'label'
  | 'hint'
  | 'drop'
  | 'choose'
  | 'listLabel'
  | 'picture'
  | 'cover'
  | 'makeCover'
  | 'moveEarlier'
  | 'moveLater'
  | 'remove'
  | 'progress'
  | 'uploaded'
  | 'refusedLabel'
  | 'retry'
  | 'dismiss'
  | 'badType'
  | 'tooLarge'
  | 'failed'
  | 'moved'
  | 'madeCover'
  | 'removed'
  | 'added'
  | 'seePlans',
  string
>;

interface Props {
  items: PictureItem[];
  /** Functional updates: uploads report progress while the user keeps editing. */
  onChange: (update: (items: PictureItem[]) => PictureItem[]) => void;
  /** A picture taken off the list (its upload, if any, is already cancelled). */
  onRemove: (item: PictureItem) => void;
  limits: { pictureMaxBytes: number; pictureTypes: string[] };
  /** The field's error (none, too many, still uploading) and the server's word on single pictures. */
  error?: string | undefined;
  itemErrors: Record<string, string>;
  s: PictureStrings;
}

/** Uploads at once at most this many files; the others wait their turn. */
const PARALLEL = 3;
const EXTENSIONS: Record<string, RegExp> = { 'image/jpeg': /\.jpe?g$/i, 'image/png': /\.png$/i };

let sequence = 0;
const newKey = () => `upload-${Date.now().toString(36)}-${++sequence}`;

/** POST /api/v1/pictures answers the stored picture with its renditions. */
interface UploadedPicture {
  id: number;
  url: string;
  width: number;
  height: number;
  renditions: { width: number; height: number; format: string; url: string }[];
}

/** The smallest rendition still sharp in a thumbnail, else the picture itself. */
function thumbnail(picture: UploadedPicture): string {
  const fit = picture.renditions.filter((r) => r.width >= 240 && r.format !== 'avif').sort((a, b) => a.width - b.width)[0];
  return fit?.url ?? picture.url;
}

/**
 * The pictures of a listing (SPEC §5: JPEG or PNG, at most 5 MB each): dropped or chosen, each sent
 * in its own request with its own progress bar, then ordered by drag and drop or by keyboard. The
 * first is the cover.
 */
export function PictureField({ items, onChange, onRemove, limits, error, itemErrors, s }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const queue = useRef<{ item: PictureItem; file: File }[]>([]);
  const running = useRef(new Map<string, AbortController>());
  const files = useRef(new Map<string, File>());
  const previews = useRef(new Map<string, string>());
  const dragged = useRef<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [dropping, setDropping] = useState(false);
  const [announce, setAnnounce] = useState('');
  const maxMb = Math.round(limits.pictureMaxBytes / (1024 * 1024));

  useEffect(
    () => () => {
      for (const controller of running.current.values()) controller.abort();
      for (const url of previews.current.values()) URL.revokeObjectURL(url);
    },
    [],
  );

  const patch = (key: string, change: Partial<PictureItem>) =>
    onChange((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const pump = () => {
    while (running.current.size < PARALLEL && queue.current.length > 0) {
      const { item, file } = queue.current.shift()!;
      const controller = new AbortController();
      running.current.set(item.key, controller);
      const form = new FormData();
      form.append('file', file);
      // One file per request, its progress reported as it travels.
      apiCall<{ data: UploadedPicture }>('/api/v1/pictures', {
        form,
        signal: controller.signal,
        onUploadProgress: (progress) => patch(item.key, { progress }),
      })
        .then(({ data: picture }) => {
          patch(item.key, { status: 'done', progress: 100, id: picture.id, url: picture.url, thumb: thumbnail(picture) });
          files.current.delete(item.key);
        })
        .catch((failure: unknown) => {
          if (failure instanceof DOMException && failure.name === 'AbortError') return;
          const refused = failure instanceof ApiError ? failure : null;
          // 413, 415 and 422 are the server's verdict on this file; anything else may pass later.
          const retryable = !refused || refused.status === 0 || refused.status === 429 || refused.status >= 500;
          patch(item.key, { status: 'error', error: refused?.message ?? s.failed, retryable, planLimit: isPlanLimit(refused?.code) });
        })
        .finally(() => {
          running.current.delete(item.key);
          pump();
        });
    }
  };

  const start = (item: PictureItem, file: File) => {
    files.current.set(item.key, file);
    queue.current.push({ item, file });
    pump();
  };

  /** Checks each file before it travels (type and size), then queues the good ones. */
  const add = (list: FileList | File[]) => {
    const added: { item: PictureItem; file: File }[] = [];
    const next: PictureItem[] = [];
    for (const file of Array.from(list)) {
      const key = newKey();
      const typed =
        limits.pictureTypes.includes(file.type) || (!file.type && limits.pictureTypes.some((t) => EXTENSIONS[t]?.test(file.name)));
      if (!typed) next.push({ key, name: file.name, status: 'error', error: s.badType });
      else if (file.size > limits.pictureMaxBytes)
        next.push({ key, name: file.name, status: 'error', error: fill(s.tooLarge, { max: maxMb }) });
      else {
        const preview = URL.createObjectURL(file);
        previews.current.set(key, preview);
        const item: PictureItem = { key, name: file.name, status: 'uploading', progress: 0, thumb: preview };
        next.push(item);
        added.push({ item, file });
      }
    }
    if (next.length === 0) return;
    onChange((current) => [...current, ...next]);
    for (const { item, file } of added) start(item, file);
    if (added.length) setAnnounce(fill(s.added, { n: added.length }));
  };

  const retry = (item: PictureItem) => {
    const file = files.current.get(item.key);
    if (!file) return;
    patch(item.key, { status: 'uploading', progress: 0, error: undefined, retryable: undefined });
    start(item, file);
  };

  const remove = (item: PictureItem) => {
    running.current.get(item.key)?.abort();
    queue.current = queue.current.filter((q) => q.item.key !== item.key);
    files.current.delete(item.key);
    const preview = previews.current.get(item.key);
    if (preview) URL.revokeObjectURL(preview);
    previews.current.delete(item.key);
    onChange((list) => list.filter((p) => p.key !== item.key));
    onRemove(item);
    if (item.status !== 'error') setAnnounce(s.removed);
  };

  const ordered = items.filter((p) => p.status !== 'error');
  const refused = items.filter((p) => p.status === 'error');

  /** Moves a picture to a place among the ordered ones (refused files keep theirs, at the end). */
  const move = (key: string, to: number) => {
    const from = ordered.findIndex((p) => p.key === key);
    if (from < 0 || to < 0 || to >= ordered.length || from === to) return;
    onChange((list) => {
      const kept = list.filter((p) => p.status !== 'error');
      const [picked] = kept.splice(
        kept.findIndex((p) => p.key === key),
        1,
      );
      kept.splice(to, 0, picked!);
      return [...kept, ...list.filter((p) => p.status === 'error')];
    });
    setAnnounce(to === 0 ? s.madeCover : fill(s.moved, { n: to + 1, total: ordered.length }));
  };

  /** After a move by keyboard, the focus stays on the picture's button (or its twin, at either end). */
  const moveBy = (key: string, index: number, delta: -1 | 1) => {
    move(key, index + delta);
    requestAnimationFrame(() => {
      const to = index + delta;
      const same = document.getElementById(`${key}-${delta < 0 ? 'earlier' : 'later'}`) as HTMLButtonElement | null;
      const other = document.getElementById(`${key}-${delta < 0 ? 'later' : 'earlier'}`) as HTMLButtonElement | null;
      (same && !same.disabled ? same : to === 0 ? document.getElementById(`${key}-later`) : other)?.focus();
    });
  };

  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

  const progressBar = (p: PictureItem) =>
    p.progress === undefined ? null : (
      <div className="picture-progress">
        <div
          className="progress"
          role="progressbar"
          aria-label={fill(s.progress, { name: p.name ?? '' })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={p.progress}
        >
          <span style={{ inlineSize: `${p.progress}%` }} />
        </div>
        <span className="small">{p.status === 'done' ? s.uploaded : `${p.progress}%`}</span>
      </div>
    );

  return (
    <div className="picture-field">
      <section
        className={dropping ? 'dropzone dragging' : 'dropzone'}
        aria-label={s.label}
        onDragEnter={(e) => {
          if (hasFiles(e)) setDropping(true);
        }}
        onDragOver={(e) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropping(false);
        }}
        onDrop={(e) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          setDropping(false);
          add(e.dataTransfer.files);
        }}
      >
        <p>{s.drop}</p>
        <button
          id="pictures"
          type="button"
          className="button secondary"
          aria-describedby={['pictures-hint', error ? 'pictures-error' : ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onClick={() => input.current?.click()}
        >
          {s.choose}
        </button>
        <input
          ref={input}
          type="file"
          accept={limits.pictureTypes.join(',')}
          multiple
          hidden
          aria-label={s.choose}
          onChange={(e) => {
            if (e.currentTarget.files) add(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
        <p id="pictures-hint" className="hint">
          {fill(s.hint, { max: maxMb })}
        </p>
      </section>
      {error && (
        <p id="pictures-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      {ordered.length > 0 && (
        <ol className="picture-list" aria-label={s.listLabel}>
          {ordered.map((p, i) => {
            const label = fill(s.picture, { n: i + 1 });
            const problem = itemErrors[p.key];
            return (
              <li
                key={p.key}
                className={['picture-item', over === p.key ? 'drop-target' : '', problem ? 'invalid' : ''].filter(Boolean).join(' ')}
                data-picture-id={p.id}
                draggable
                onDragStart={(e) => {
                  dragged.current = p.key;
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', label);
                }}
                onDragOver={(e) => {
                  if (dragged.current === null) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                  setOver(p.key);
                }}
                onDrop={(e) => {
                  if (dragged.current === null) return;
                  e.preventDefault();
                  move(dragged.current, i);
                  dragged.current = null;
                  setOver(null);
                }}
                onDragEnd={() => {
                  dragged.current = null;
                  setOver(null);
                }}
              >
                <figure className="picture-thumb">
                  {p.thumb || p.url ? (
                    <img src={p.thumb ?? p.url} alt={label} draggable={false} />
                  ) : (
                    <div className="img-placeholder" role="img" aria-label={label} />
                  )}
                  {i === 0 && <figcaption className="badge cover">{s.cover}</figcaption>}
                </figure>
                {p.name && (
                  <p className="picture-name small" dir="auto">
                    {p.name}
                  </p>
                )}
                {progressBar(p)}
                {problem && (
                  <p id={`${p.key}-error`} className="field-error">
                    {problem}
                  </p>
                )}
                {i > 0 && (
                  <button
                    type="button"
                    className="button secondary small-button"
                    aria-label={`${s.makeCover}: ${label}`}
                    onClick={() => move(p.key, 0)}
                  >
                    {s.makeCover}
                  </button>
                )}
                <div className="picture-actions">
                  <button
                    id={`${p.key}-earlier`}
                    type="button"
                    className="button ghost icon-button"
                    aria-label={`${s.moveEarlier}: ${label}`}
                    title={s.moveEarlier}
                    disabled={i === 0}
                    onClick={() => moveBy(p.key, i, -1)}
                  >
                    <span className="flip-rtl" aria-hidden="true">
                      ←
                    </span>
                  </button>
                  <button
                    id={`${p.key}-later`}
                    type="button"
                    className="button ghost icon-button"
                    aria-label={`${s.moveLater}: ${label}`}
                    title={s.moveLater}
                    disabled={i === ordered.length - 1}
                    onClick={() => moveBy(p.key, i, 1)}
                  >
                    <span className="flip-rtl" aria-hidden="true">
                      →
                    </span>
                  </button>
                  <button
                    type="button"
                    className="button ghost small-button danger-text"
                    aria-label={`${s.remove}: ${label}`}
                    aria-describedby={problem ? `${p.key}-error` : undefined}
                    onClick={() => remove(p)}
                  >
                    {s.remove}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {refused.length > 0 && (
        <ul className="picture-refused" aria-label={s.refusedLabel}>
          {refused.map((p) => (
            <li key={p.key}>
              <p className="field-error" role="alert">
                <bdi>{p.name}</bdi>: {p.error}
                {p.planLimit && (
                  <>
                    {' '}
                    <a href="/billing/">{s.seePlans}</a>
                  </>
                )}
              </p>
              <div className="picture-actions">
                {p.retryable && files.current.has(p.key) && (
                  <button
                    type="button"
                    className="button secondary small-button"
                    aria-label={`${s.retry}: ${p.name ?? ''}`}
                    onClick={() => retry(p)}
                  >
                    {s.retry}
                  </button>
                )}
                <button
                  type="button"
                  className="button ghost small-button"
                  aria-label={`${s.dismiss}: ${p.name ?? ''}`}
                  onClick={() => remove(p)}
                >
                  {s.dismiss}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {announce}
      </p>
    </div>
  );
}
