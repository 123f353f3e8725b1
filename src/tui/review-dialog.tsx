/**
 * The `/memory` dialog: the store's figures, the newest entries, a page of candidates, each approved (a) or
 * rejected (r) with one key, and the last session map of the session it was opened from. Its keys live in a keymap layer that exists only while the dialog is open.
 */
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { createSignal, onCleanup } from "solid-js";
import type { MemoryStore } from "../store/memory-store.js";
import { mapPreview } from "./last-map.js";
import { loadReview, type ReviewDecision, type ReviewRow, type ReviewView, reviewCandidate } from "./review.js";

export interface ReviewDialogProps {
  api: TuiPluginApi;
  memory: MemoryStore;
  project: string;
  /** The session the person reviews from, recorded in the audit log. */
  session?: string;
  /** That session's last session map, when it has one. */
  map?: string;
  /** After a decision: refresh the status. */
  onChanged: () => void;
  onError: (what: string, error: unknown) => void;
}

/** Keys above the host's own layers while the dialog is open. */
const KEY_PRIORITY = 200;

export function ReviewDialog(props: ReviewDialogProps) {
  const theme = props.api.theme.current;
  const [view, setView] = createSignal<ReviewView | undefined>();
  const [cursor, setCursor] = createSignal(0);
  const [said, setSaid] = createSignal("");
  let busy = false;

  const load = async (page: number) => {
    try {
      const next = await loadReview(props.memory, { project: props.project }, page);
      setView(next);
      setCursor((c) => Math.max(0, Math.min(c, next.candidates.length - 1)));
    } catch (error) {
      props.onError("/memory", error);
    }
  };

  const decide = async (decision: ReviewDecision) => {
    const current = view();
    const row = current?.candidates[cursor()];
    if (!current || !row || busy) return;
    busy = true;
    try {
      const entry = await reviewCandidate(props.memory, row.id, decision, props.session);
      setSaid(`${decision === "approve" ? "Approved" : "Rejected"} "${row.title}": now ${entry.status}.`);
      props.onChanged();
    } catch (error) {
      props.onError(decision, error);
    } finally {
      busy = false;
      await load(current.page);
    }
  };

  const move = (by: number) => setCursor((c) => Math.max(0, Math.min(c + by, (view()?.candidates.length ?? 1) - 1)));
  const page = (by: number) => {
    const current = view();
    if (!current) return;
    const next = current.page + by;
    if (next < 0 || next >= current.pages) return;
    setCursor(0);
    void load(next);
  };

  const key = (k: string, desc: string, run: () => void) => ({
    key: k,
    desc,
    group: "Memory",
    cmd: () => {
      run();
      return true;
    },
  });
  const dispose = props.api.keymap.registerLayer({
    priority: KEY_PRIORITY,
    bindings: [
      key("a", "Approve candidate", () => void decide("approve")),
      key("r", "Reject candidate", () => void decide("reject")),
      key("up", "Previous candidate", () => move(-1)),
      key("down", "Next candidate", () => move(1)),
      key("k", "Previous candidate", () => move(-1)),
      key("j", "Next candidate", () => move(1)),
      key("n", "Next page", () => page(1)),
      key("p", "Previous page", () => page(-1)),
    ],
  });
  onCleanup(dispose);
  void load(0);

  const row = (r: ReviewRow, selected: boolean) => (
    <text fg={selected ? theme.primary : theme.text} wrapMode="none">
      {`${selected ? "›" : " "} ${r.kind.padEnd(10)} ${r.title}  (${r.where})`}
    </text>
  );

  const body = () => {
    const v = view();
    if (!v) return <text fg={theme.textMuted}>Loading…</text>;
    const selected = v.candidates[cursor()];
    return [
      ...v.figures.map((line) => <text fg={theme.textMuted}>{line}</text>),
      <text fg={theme.text}> </text>,
      <text fg={theme.accent}>Recent</text>,
      ...(v.recent.length === 0
        ? [<text fg={theme.textMuted}> none yet</text>]
        : v.recent.map((r) => (
            <text fg={theme.textMuted} wrapMode="none">{`  ${r.kind.padEnd(10)} ${r.title}  (${r.where})`}</text>
          ))),
      <text fg={theme.text}> </text>,
      <text fg={theme.accent}>{`Team memory, shared through the repository (${v.teamTotal})`}</text>,
      ...(v.team.length === 0
        ? [<text fg={theme.textMuted}> none (memory_save with scope "team" adds to .opencode/memory/team.jsonl)</text>]
        : v.team.map((r) => <text fg={theme.textMuted} wrapMode="none">{`  ${r.kind.padEnd(10)} ${r.title}`}</text>)),
      ...v.teamProblems.map((line) => <text fg={theme.warning} wrapMode="none">{`  team file ${line}`}</text>),
      <text fg={theme.text}> </text>,
      <text fg={theme.accent}>{`Waiting for review (${v.candidateTotal})`}</text>,
      ...v.candidates.map((r, i) => row(r, i === cursor())),
      ...(selected ? [<text fg={theme.textMuted} wrapMode="none">{`    ${selected.preview}`}</text>] : []),
      <text fg={theme.textMuted}>{v.note}</text>,
      <text fg={theme.textMuted}>
        {v.candidates.length > 0 ? "a approve · r reject · ↑/↓ move · n/p page · esc close" : "esc close"}
      </text>,
      ...(said() ? [<text fg={theme.success}>{said()}</text>] : []),
      ...(props.map
        ? [
            <text fg={theme.text}> </text>,
            <text fg={theme.accent}>Last session map of this session</text>,
            ...mapPreview(props.map).map((line) => <text fg={theme.textMuted} wrapMode="none">{`  ${line}`}</text>),
          ]
        : []),
    ];
  };

  return (
    <box flexDirection="column" paddingLeft={2} paddingRight={2} paddingBottom={1}>
      <box flexDirection="row" justifyContent="space-between">
        <text fg={theme.text}>Memory: this project, its team and global</text>
        <text fg={theme.textMuted}>esc</text>
      </box>
      <box flexDirection="column">{() => body()}</box>
    </box>
  );
}
