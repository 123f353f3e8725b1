/**
 * The `/memory` dialog: the store's figures, the newest entries, a page of candidates, each approved (a) or
 * rejected (r) with one key, or (x) a page of the rejected entries, each made active again (a), and the last session
 * map of the session it was opened from. Its keys live in a keymap layer that exists only while the dialog is open.
 * It fits the terminal (review-layout.ts): the candidates scroll with the cursor and the key line stays the last line.
 */
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { createSignal, onCleanup } from "solid-js";
import type { MemoryStore } from "../store/memory-store.js";
import { followTerminalWidth } from "./dialog-width.js";
import { mapPreview } from "./last-map.js";
import {
  loadReview,
  makeActiveAgain,
  type ReviewDecision,
  type ReviewList,
  type ReviewRow,
  type ReviewView,
  reviewCandidate,
} from "./review.js";
import { dialogRoom, fitLine, fitReview, windowStart } from "./review-layout.js";

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
  const [list, setList] = createSignal<ReviewList>("candidates");
  let busy = false;
  const renderer = props.api.renderer;
  const [room, setRoom] = createSignal(dialogRoom(renderer.terminalHeight, renderer.terminalWidth));
  const resized = () => setRoom(dialogRoom(renderer.terminalHeight, renderer.terminalWidth));
  renderer.on("resize", resized);
  onCleanup(() => renderer.off("resize", resized));
  followTerminalWidth(props.api);

  const load = async (page: number) => {
    try {
      const next = await loadReview(props.memory, { project: props.project }, page, list());
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
    // A rejected entry is made active again; it is not rejected twice.
    if (current.list === "rejected" && decision === "reject") return;
    busy = true;
    try {
      const again = current.list === "rejected";
      const entry = again
        ? await makeActiveAgain(props.memory, row.id, props.session)
        : await reviewCandidate(props.memory, row.id, decision, props.session);
      const done = again ? "Made active again" : decision === "approve" ? "Approved" : "Rejected";
      setSaid(`${done} "${row.title}": now ${entry.status}.`);
      props.onChanged();
    } catch (error) {
      props.onError(decision, error);
    } finally {
      busy = false;
      await load(current.page);
    }
  };

  const toggle = () => {
    setList((l) => (l === "candidates" ? "rejected" : "candidates"));
    setCursor(0);
    setSaid("");
    void load(0);
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
      key("a", "Approve candidate (or make a rejected entry active again)", () => void decide("approve")),
      key("r", "Reject candidate", () => void decide("reject")),
      key("x", "List the rejected entries (or the candidates)", toggle),
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

  const line = (fg: typeof theme.text, text: string) => (
    <text fg={fg} wrapMode="none">
      {fitLine(text, room().width)}
    </text>
  );
  const entry = (r: ReviewRow) => `${r.kind.padEnd(10)} ${r.title}  (${r.where})`;

  const body = () => {
    const v = view();
    if (!v) return <text fg={theme.textMuted}>Loading…</text>;
    const selected = v.candidates[cursor()];
    const mapLines = props.map ? mapPreview(props.map) : [];
    const fit = fitReview(room().lines, {
      figures: v.figures.length,
      recent: v.recent.length,
      team: v.team.length,
      teamProblems: v.teamProblems.length,
      candidates: v.candidates.length,
      map: mapLines.length,
      said: said() !== "",
    });
    const first = windowStart(cursor(), fit.candidates, v.candidates.length);
    const shown = v.candidates.slice(first, first + fit.candidates);
    const hidden = v.candidates.length - shown.length;
    const left = fit.cut.filter((c) => c !== "candidates");
    const note = [
      v.note,
      hidden > 0 ? `${hidden} more on this page (↑/↓).` : "",
      left.length > 0 ? `A taller terminal shows ${left.join(", ")}.` : "",
    ]
      .filter(Boolean)
      .join(" ");
    const sectionLines = (heading: string, rows: string[], given: number, empty: string) =>
      given < 0
        ? []
        : [
            line(theme.text, " "),
            line(theme.accent, heading),
            ...(rows.length === 0
              ? [line(theme.textMuted, empty)]
              : rows.slice(0, given).map((r) => line(theme.textMuted, r))),
          ];
    return [
      ...v.figures.map((text) => line(theme.textMuted, text)),
      ...sectionLines(
        "Recent",
        v.recent.map((r) => `  ${entry(r)}`),
        fit.recent,
        " none yet",
      ),
      ...(fit.team < 0
        ? []
        : [
            line(theme.text, " "),
            line(theme.accent, `Team memory, shared through the repository (${v.teamTotal})`),
            ...(v.team.length === 0 && v.teamProblems.length === 0
              ? [line(theme.textMuted, ' none (memory_save with scope "team" adds to .opencode/memory/team.jsonl)')]
              : []),
            ...v.team.slice(0, fit.team).map((r) => line(theme.textMuted, `  ${r.kind.padEnd(10)} ${r.title}`)),
            ...v.teamProblems.slice(0, fit.teamProblems).map((text) => line(theme.warning, `  team file ${text}`)),
          ]),
      line(theme.text, " "),
      line(
        theme.accent,
        v.list === "candidates" ? `Waiting for review (${v.candidateTotal})` : `Rejected (${v.candidateTotal})`,
      ),
      ...shown.map((r) =>
        line(r === selected ? theme.primary : theme.text, `${r === selected ? "›" : " "} ${entry(r)}`),
      ),
      ...(selected ? [line(theme.textMuted, `    ${selected.preview}`)] : []),
      ...sectionLines(
        "Last session map of this session",
        mapLines.map((text) => `  ${text}`),
        mapLines.length > 0 && fit.map > 0 ? fit.map : -1,
        "",
      ),
      line(theme.textMuted, note),
      ...(said() ? [line(theme.success, said())] : []),
      line(theme.textMuted, keyLine(v)),
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

/** The dialog's last line: the keys of the list shown. */
function keyLine(v: ReviewView): string {
  const other = v.list === "candidates" ? "x rejected" : "x candidates";
  if (v.candidates.length === 0) return `${other} · esc close`;
  const decide = v.list === "candidates" ? "a approve · r reject" : "a make active again";
  return `${decide} · ↑/↓ move · n/p page · ${other} · esc close`;
}
