import semver from "semver";

// [Note: The dependency list is kept current by hand]
//
// The advisory database cannot be reached from where Cairn is built, so
// `npm audit` cannot say which dependency needs an upgrade. The next best
// signal is how far each direct dependency is behind: this module compares
// the installed version with the newest release the project could take,
// which is the newest stable release whose `engines.node` accepts the Node
// the project runs on (20.20): npm itself installs a release that needs
// Node 22 with only a warning, and it then fails at run time. A release
// without `engines` is taken to run anywhere, as npm takes it.

/** One published release of a package, as the registry's abbreviated document gives it. */
export interface PublishedRelease {
  version: string;
  /** `engines.node`, when the release declares one. */
  nodeRange: string | undefined;
  deprecated: boolean;
}

export type Currency =
  /** The installed release is the newest the project can take. */
  | "current"
  /** A newer release of the installed line (its major; its minor before 1.0) can be taken. */
  | "update in line"
  /** A newer line can be taken: a major, or a minor before 1.0, which semver lets break. */
  | "new line"
  /** Newer releases exist, but each needs a newer Node. */
  | "newer needs newer Node";

export interface DependencyCurrency {
  name: string;
  installed: string;
  /** The newest stable release the project's Node can run. */
  newestUsable: string | undefined;
  /** The registry's newest stable release, whatever Node it needs. */
  newest: string | undefined;
  currency: Currency;
}

const runsOn = (release: PublishedRelease, nodeVersion: string): boolean =>
  release.nodeRange === undefined ||
  semver.satisfies(nodeVersion, release.nodeRange, { includePrerelease: true });

/** The releases that semver says are compatible share this: the major, or `0.minor` before 1.0. */
const compatibleLine = (version: string): string =>
  semver.major(version) > 0 ? String(semver.major(version)) : `0.${String(semver.minor(version))}`;

const newestOf = (releases: readonly PublishedRelease[]): string | undefined =>
  releases
    .map((release) => release.version)
    .sort(semver.rcompare)
    .at(0);

/** How far `installed` is behind the releases of package `name`, for Node `nodeVersion`. */
export const dependencyCurrency = (
  name: string,
  installed: string,
  releases: readonly PublishedRelease[],
  nodeVersion: string,
): DependencyCurrency => {
  const stable = releases.filter(
    (release) =>
      semver.valid(release.version) !== null &&
      semver.prerelease(release.version) === null &&
      !release.deprecated,
  );
  const newest = newestOf(stable);
  const newestUsable = newestOf(stable.filter((release) => runsOn(release, nodeVersion)));
  const currency: Currency =
    newestUsable !== undefined && semver.gt(newestUsable, installed)
      ? compatibleLine(newestUsable) === compatibleLine(installed)
        ? "update in line"
        : "new line"
      : newest !== undefined && semver.gt(newest, installed)
        ? "newer needs newer Node"
        : "current";
  return { name, installed, newestUsable, newest, currency };
};
