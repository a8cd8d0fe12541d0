import type { ReactNode } from 'react';
import { type ConfigDiff, diffIsEmpty } from '#common/rsvp-config-versions.ts';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <h4 className="text-sm font-semibold text-zinc-200">{title}</h4>
      <ul className="space-y-1 text-sm text-zinc-300">{children}</ul>
    </div>
  );
}

const Change = ({ path, from, to }: { path: string; from: string; to: string }) => (
  <li className="break-words">
    <code className="text-zinc-400">{path}</code>: <del className="text-red-300">{from}</del> →{' '}
    <ins className="text-emerald-300 no-underline">{to}</ins>
  </li>
);

/** Step 3: what deploying the draft changes for members, against the live version. */
export function DiffPanel({ diff }: { diff: ConfigDiff | undefined }) {
  return (
    <section aria-labelledby="diff-title" className="space-y-4 rounded-lg border border-line p-4">
      <h3 id="diff-title" className="font-semibold text-white">
        Changes from the live version
      </h3>
      {!diff ? (
        <p className="text-sm text-zinc-400">Comparing with the live version...</p>
      ) : diff.firstDeploy ? (
        <p className="text-sm text-zinc-300">Nothing is live yet: deploying puts this whole form live.</p>
      ) : diffIsEmpty(diff) ? (
        <p className="text-sm text-zinc-300">No changes: the draft is the same as the live version.</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {diff.fieldsAdded.length > 0 && (
            <Group title="Fields added">
              {diff.fieldsAdded.map((f) => (
                <li key={f.fieldName} className="text-emerald-300">
                  + {f.displayName} <code className="text-zinc-400">{f.fieldName}</code>
                </li>
              ))}
            </Group>
          )}
          {diff.fieldsRemoved.length > 0 && (
            <Group title="Fields removed">
              {diff.fieldsRemoved.map((f) => (
                <li key={f.fieldName} className="text-red-300">
                  − {f.displayName} <code className="text-zinc-400">{f.fieldName}</code>
                </li>
              ))}
            </Group>
          )}
          {diff.fieldsChanged.map((f) => (
            <Group key={f.fieldName} title={`Field changed: ${f.displayName}`}>
              {f.changes.map((c) => (
                <Change key={c.path} {...c} />
              ))}
            </Group>
          ))}
          {diff.orderChanged && (
            <Group title="Order">
              <li>The fields are in a new order.</li>
            </Group>
          )}
          {diff.settingsChanged.length > 0 && (
            <Group title="Settings changed">
              {diff.settingsChanged.map((c) => (
                <Change key={c.path} {...c} />
              ))}
            </Group>
          )}
        </div>
      )}
      {diff && diff.columnsToAdd.length > 0 && (
        <p role="note" className="rounded-md border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-200">
          Deploying adds {diff.columnsToAdd.length === 1 ? 'a column' : 'columns'} to Tab 1's header for answers the
          sheet has no column for: {diff.columnsToAdd.join(', ')}.
        </p>
      )}
    </section>
  );
}
