/** Minimal shape of a zod issue, so this stays independent of the zod version. */
interface Issue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/** The first message per top-level field ("form" when an issue has no path), as the forms show them. */
export function firstIssuePerField(issues: ReadonlyArray<Issue>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of issues) problems[String(issue.path[0] ?? 'form')] ??= issue.message;
  return problems;
}
