import { EmptyState } from './empty-state';

/** SPEC §2: screens behind login show this with their own sentence and a Login link (a full page load). */
export function AuthRequired({ message }: { message: string }) {
  return (
    <section className="page container">
      <EmptyState level={1} title="Authentication Required" text={message}>
        <a href="/login" className="button button--primary" data-testid="auth-required-login">
          Login
        </a>
      </EmptyState>
    </section>
  );
}
