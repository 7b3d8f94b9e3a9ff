interface OptionsProps<V extends string> {
  values: readonly V[];
  /** Each value's text: a table of labels, or a function for labels that are worked out. */
  labels: Readonly<Record<V, string>> | ((value: V) => string);
}

/** A drop-down's <option>s, one per value, each showing its label. */
export function Options<V extends string>({ values, labels }: OptionsProps<V>) {
  const label = typeof labels === 'function' ? labels : (value: V) => labels[value];
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}
