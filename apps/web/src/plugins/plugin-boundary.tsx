import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  name: string;
  /** Shown instead of the failed plugin: nothing for insert slots, the core block for replace slots. */
  fallback: ReactNode;
  children: ReactNode;
}

/** Each plugin's own error boundary: a plugin that throws blanks its place, never the page (spec §8). */
export class PluginBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    console.error(`[plugin error] ${this.props.name}`, error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
