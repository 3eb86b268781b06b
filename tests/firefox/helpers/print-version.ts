import { firefoxPath, firefoxVersion } from './firefox';

/** vitest globalSetup of the Firefox project: the run's output names the Firefox it tested. */
export default function printFirefoxVersion(): void {
  console.log(
    `Firefox end-to-end tests run in ${firefoxVersion()} (${firefoxPath()}), headless, WebDriver BiDi.`,
  );
}
