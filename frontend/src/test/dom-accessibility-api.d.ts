// The package ships its types where the "exports" map of its package.json does not point under bundler resolution.
declare module 'dom-accessibility-api' {
  export function computeAccessibleName(element: Element): string;
  export function getRole(element: Element): string | null;
}
