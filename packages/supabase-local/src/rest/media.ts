// The media types a read can answer in, chosen by Accept as PostgREST chooses them: JSON (optionally with nulls
// stripped), one object (`.single()`), CSV, or the query's EXPLAIN plan (`.explain()`).

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json';

export interface Plan {
  format: 'json' | 'text';
  /** The media type the plan is for (`for="…"`). */
  for: string;
  options: Set<'analyze' | 'verbose' | 'settings' | 'buffers' | 'wal'>;
}

export interface Media {
  single: boolean;
  csv: boolean;
  /** `nulls=stripped`: keys whose value is null are left out. */
  stripped: boolean;
  plan?: Plan;
}

export function negotiate(accept: string | null): Media {
  const types = (accept ?? '').split(',').map((t) => t.trim().toLowerCase());
  const planType = types.find((t) => t.startsWith('application/vnd.pgrst.plan'));
  if (planType) {
    const params = new Map(
      planType
        .split(';')
        .slice(1)
        .map((p) => p.split('=').map((s) => s.trim().replace(/^"|"$/g, '')) as [string, string]),
    );
    const options = new Set(
      (params.get('options') ?? '')
        .split('|')
        .filter((o): o is 'analyze' => /^(analyze|verbose|settings|buffers|wal)$/.test(o)),
    );
    return {
      single: false,
      csv: false,
      stripped: false,
      plan: {
        format: planType.includes('+text') ? 'text' : 'json',
        for: params.get('for') || 'application/json',
        options,
      },
    };
  }
  const single = types.some((t) => t.startsWith(OBJECT_TYPE));
  const stripped = types.some(
    (t) =>
      (t.startsWith(OBJECT_TYPE) || t.startsWith('application/vnd.pgrst.array+json')) && /;\s*nulls=stripped/.test(t),
  );
  return { single, csv: !single && types.some((t) => t.startsWith('text/csv')), stripped };
}

/** The content type a JSON answer carries. */
export function jsonContentType(media: Media): string {
  if (media.single) return `${OBJECT_TYPE}${media.stripped ? ';nulls=stripped' : ''}; charset=utf-8`;
  return media.stripped ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8' : JSON_TYPE;
}

/**
 * The aggregate columns over the rows `_r` of a read: their number, their JSON (nulls stripped when asked), and
 * for CSV each row as PostgreSQL's text output of the record without its parentheses, as PostgREST renders CSV
 * (so quoting, `t`/`f` and array syntax are PostgreSQL's own).
 */
export function rowsSql(media: Media): string {
  const row = media.stripped ? 'json_strip_nulls(row_to_json(_r))' : '_r';
  const csv = media.csv ? `, string_agg(substring(_r::text, 2, length(_r::text) - 2), E'\\n') as csv` : '';
  return `count(_r)::int as n, coalesce(json_agg(${row}), '[]')::text as body${csv}`;
}

/** CSV: the column names (PostgREST takes them from the first row; none without rows), then the rows. */
export function csvBody(json: string, rows: string | null | undefined): string {
  const first = (JSON.parse(json) as Record<string, unknown>[])[0];
  return `${first ? Object.keys(first).join(',') : ''}\n${rows ?? ''}`;
}

/** `explain (…)` for a plan request. */
export function explainSql(plan: Plan, sql: string): string {
  const options = [`format ${plan.format}`, ...[...plan.options].map((o) => `${o} true`)];
  return `explain (${options.join(', ')}) ${sql}`;
}

/** The response to a plan request, from the rows `explain` gave. */
export function planResponse(plan: Plan, rows: Record<string, unknown>[]): Response {
  const values = rows.map((r) => Object.values(r)[0]);
  const body =
    plan.format === 'json'
      ? typeof values[0] === 'string'
        ? values[0]
        : JSON.stringify(values[0])
      : values.map(String).join('\n');
  return new Response(body, {
    status: 200,
    headers: { 'content-type': `application/vnd.pgrst.plan+${plan.format}; for="${plan.for}"; charset=utf-8` },
  });
}
