import {
  Suspense,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentType,
} from "react";
import { useTranslation } from "./i18n-react.tsx";
import { Icon } from "../components/icon.tsx";

/** The named dialogs of §2 (plus the crisis panel, which opens from every screen). */
export type DialogName =
  | "ActionDialog"
  | "AlertDialog"
  | "ChangePasswordDialog"
  | "CodeDialog"
  | "DeleteUserDialog"
  | "DeleteWorksheetRowDialog"
  | "EmailPwdLoginDialog"
  | "ForgotPwdDialog"
  | "ReApproveTermsDialog"
  | "RegisterDialog"
  | "CrisisDialog";

export interface DialogButton {
  action?: () => void | Promise<void>;
  label?: string;
}

/** The dialog state area (§3): open, name, data, confirm and cancel buttons. */
export interface DialogState {
  open: boolean;
  name: DialogName | null;
  data: unknown;
  confirm: DialogButton | null;
  cancel: DialogButton | null;
}

export interface DialogContentProps {
  /** The id the dialog's heading must carry (the dialog is labelled by it). */
  titleId: string;
  data: unknown;
  confirm: DialogButton | null;
  cancel: DialogButton | null;
  close(): void;
}

export interface DialogDefinition {
  component: ComponentType<DialogContentProps>;
  /** No close icon, and Escape or a backdrop click do not close it (the dialog decides). */
  disableDefaultClose?: boolean;
}

const registry = new Map<DialogName, DialogDefinition>();

/** Dialogs register themselves by name; features own their contents. */
export function registerDialog(name: DialogName, definition: DialogDefinition): void {
  registry.set(name, definition);
}

export function registeredDialog(name: DialogName): DialogDefinition | undefined {
  return registry.get(name);
}

interface DialogApi {
  state: DialogState;
  open(name: DialogName, options?: { data?: unknown; confirm?: DialogButton; cancel?: DialogButton }): void;
  close(): void;
}

const CLOSED: DialogState = { open: false, name: null, data: null, confirm: null, cancel: null };
const DialogContext = createContext<DialogApi | null>(null);

export function useDialog(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error("useDialog outside DialogProvider");
  return api;
}

export function DialogProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = useState<DialogState>(CLOSED);
  const open = useCallback<DialogApi["open"]>((name, options = {}) => {
    setState({
      open: true,
      name,
      data: options.data ?? null,
      confirm: options.confirm ?? null,
      cancel: options.cancel ?? null,
    });
  }, []);
  const close = useCallback(() => setState(CLOSED), []);
  const api = useMemo(() => ({ state, open, close }), [state, open, close]);
  return (
    <DialogContext.Provider value={api}>
      {children}
      <DialogHost />
    </DialogContext.Provider>
  );
}

/** Runs `run` once mounted (after a Suspense boundary's lazy content has been shown). */
function OnMount({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * The one modal layer: a native <dialog> shown modally (focus moves in and is trapped, the page
 * behind is inert), closed by Escape or a click on the backdrop unless the dialog disables
 * default closing; focus goes to the dialog's `data-autofocus` control if it has one and returns
 * to where it was on closing.
 */
function DialogHost() {
  const { state, close } = useDialog();
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const definition = state.name ? registry.get(state.name) : undefined;
  const closable = !definition?.disableDefaultClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (state.open && definition && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if ((!state.open || !definition) && dialog.open) {
      dialog.close();
      returnFocus.current?.focus();
      returnFocus.current = null;
    }
  }, [state.open, definition]);

  // A dialog may name the control that takes focus (`data-autofocus`, e.g. its first field);
  // this also keeps focus inside when one dialog replaces another (login → forgot password).
  const focusInitial = useCallback(() => {
    const dialog = ref.current;
    if (!dialog?.open) return;
    const target = dialog.querySelector<HTMLElement>("[data-autofocus]");
    if (target) target.focus();
    else if (!dialog.contains(document.activeElement)) {
      dialog.querySelector<HTMLElement>("input, button, a[href], textarea, select")?.focus();
    }
  }, []);
  useEffect(focusInitial, [state.open, state.name, state.data, definition, focusInitial]);

  const Content = definition?.component;
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={Content ? titleId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (closable) close();
      }}
      onClick={(event) => {
        if (closable && event.target === event.currentTarget) close();
      }}
    >
      {Content ? (
        <div className="dialog__panel">
          {closable ? (
            <button type="button" className="dialog__close" onClick={close} aria-label={t("dialog.close")}>
              <Icon name="close" />
            </button>
          ) : null}
          {/* Lazy dialogs (React.lazy) load on first opening; focus moves in once they are shown. */}
          <Suspense key={state.name} fallback={null}>
            <Content titleId={titleId} data={state.data} confirm={state.confirm} cancel={state.cancel} close={close} />
            <OnMount run={focusInitial} />
          </Suspense>
        </div>
      ) : null}
    </dialog>
  );
}
