// What the browser refused because of the apps' security headers, in every
// page of a browser context and in every worker of those pages.

import type { BrowserContext, CDPSession, Page } from "playwright-core";

// [Note: Watching workers for policy violations]
//
// A page's `securitypolicyviolation` event and its console see only the
// page's own violations: a dedicated worker fires the event on its own global
// scope and logs to its own console, which Playwright does not report (and
// a worker started by a worker, as the sync worker starts crypto workers, is
// not reported at all). So every page also gets a CDP session that attaches
// to its workers, recursively, and enables there the `Audits` domain
// (Chromium's "issues": a `ContentSecurityPolicyIssue` for each violation,
// `eval` included, and a `BlockedByResponseIssue` for a load that the
// embedder or resource policy refused) and the `Log` domain. Both replay what
// happened before they were enabled, so a worker that fails at start-up, or
// a page navigated before its session was up, is still seen. Workers are
// reached through `Target.sendMessageToTarget` because Playwright's
// `CDPSession` cannot address the child sessions of flat mode.

/** Console and log lines that report a refusal of the security headers. */
const refusalText =
  /Content Security Policy|Refused to|Cross-Origin-Embedder-Policy|Cross-Origin-Resource-Policy|Permissions-Policy/;

/** The Audits issues that are refusals of the security headers. */
const refusalIssues = new Set(["ContentSecurityPolicyIssue", "BlockedByResponseIssue"]);

interface CDPMessage {
  id?: number;
  method?: string;
  params?: unknown;
}

interface AttachedToTarget {
  sessionId: string;
  targetInfo: { type: string; url: string };
}

interface ReceivedMessage {
  sessionId: string;
  message: string;
}

interface IssueAdded {
  issue: { code: string; details: unknown };
}

interface LogEntryAdded {
  entry: { source: string; level: string; text: string; url?: string };
}

export interface PolicyViolations {
  /** Every refusal seen so far, one line each: where, and what. */
  seen(): string[];
}

declare global {
  interface Window {
    cairnPolicyViolation?: (text: string) => Promise<void>;
  }
}

/**
 * Watches `context` from now on: pages opened later (new tabs included) and
 * their workers. Call it before opening the pages.
 * See: [Note: Watching workers for policy violations]
 */
export const watchPolicyViolations = async (context: BrowserContext): Promise<PolicyViolations> => {
  const seen: string[] = [];
  const record = (where: string, what: string) => seen.push(`${where}: ${what}`);

  await context.exposeBinding("cairnPolicyViolation", ({ page }, text: string) => {
    record(page.url(), `securitypolicyviolation ${text}`);
  });
  // Before any of the page's scripts: the event of a violation at start-up too.
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      void window.cairnPolicyViolation?.(
        `${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${String(event.lineNumber)})`,
      );
    });
  });

  const watchPage = async (page: Page) => {
    page.on("console", (message) => {
      if (refusalText.test(message.text())) record(page.url(), `console ${message.text()}`);
    });
    const cdp = await context.newCDPSession(page);
    watchTarget(cdp, page.url.bind(page), record);
  };
  context.on("page", (page) => void watchPage(page));
  await Promise.all(context.pages().map(watchPage));
  return { seen: () => [...seen] };
};

/** Records the refusals of the session's target and of every worker below it. */
const watchTarget = (
  cdp: CDPSession,
  pageURL: () => string,
  record: (where: string, what: string) => void,
) => {
  let nextID = 1;
  /** How to send a command to each attached worker, by its session. */
  const senders = new Map<string, (method: string, params?: object) => void>();

  const onIssue = (where: string, { issue }: IssueAdded) => {
    if (refusalIssues.has(issue.code))
      record(where, `${issue.code} ${JSON.stringify(issue.details)}`);
  };
  const onLog = (where: string, { entry }: LogEntryAdded) => {
    if (refusalText.test(entry.text)) record(where, `log ${entry.text}`);
  };
  const enable = (send: (method: string, params?: object) => void) => {
    send("Audits.enable");
    send("Log.enable");
    send("Target.setAutoAttach", {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
  };
  const onAttached =
    (sendToParent: (method: string, params?: object) => void) =>
    ({ sessionId, targetInfo }: AttachedToTarget) => {
      const send = (method: string, params: object = {}) => {
        sendToParent("Target.sendMessageToTarget", {
          sessionId,
          message: JSON.stringify({ id: nextID++, method, params }),
        });
      };
      senders.set(sessionId, send);
      if (targetInfo.type === "worker") enable(send);
    };
  const onMessage = ({ sessionId, message }: ReceivedMessage) => {
    const { method, params } = JSON.parse(message) as CDPMessage;
    const where = `worker of ${pageURL()}`;
    const send = senders.get(sessionId);
    if (method === "Audits.issueAdded") onIssue(where, params as IssueAdded);
    else if (method === "Log.entryAdded") onLog(where, params as LogEntryAdded);
    else if (method === "Target.attachedToTarget" && send !== undefined) {
      onAttached(send)(params as AttachedToTarget);
    } else if (method === "Target.receivedMessageFromTarget") onMessage(params as ReceivedMessage);
  };

  const sendToPage = (method: string, params: object = {}) => {
    // A session closing with its page rejects the commands still in flight.
    cdp.send(method as "Audits.enable", params).catch(() => undefined);
  };
  cdp.on("Audits.issueAdded", (event) => {
    onIssue(pageURL(), event);
  });
  cdp.on("Log.entryAdded", (event) => {
    onLog(pageURL(), event);
  });
  cdp.on("Target.attachedToTarget", onAttached(sendToPage));
  cdp.on("Target.receivedMessageFromTarget", onMessage);
  enable(sendToPage);
};
