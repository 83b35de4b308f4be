import { Component, type ReactNode } from "react";

/**
 * Renders nothing instead of its children when they fail (a lazy chunk that cannot load): a
 * shell extra such as the bell must never take the whole layout down.
 */
export class SilentBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
