import { Component, type ErrorInfo, type ReactNode } from "react";

// Keeps a failure inside one part of the browser (the map, a story drawer, or their code failing to
// download) from taking the whole page down: the list and the filters stay usable. A new
// `resetKey` (another story opened) tries again, as does the fallback's `retry`.

interface Props {
  children: ReactNode;
  fallback: (retry: () => void) => ReactNode;
  resetKey?: unknown;
}

interface State {
  failed: boolean;
  key: unknown;
}

export class Contained extends Component<Props, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("A part of the property browser failed", error, info.componentStack);
  }

  override render() {
    return this.state.failed
      ? this.props.fallback(() => this.setState({ failed: false }))
      : this.props.children;
  }
}
