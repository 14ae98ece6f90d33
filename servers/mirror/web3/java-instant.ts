// java.time.Instant#toString (DateTimeFormatter.ISO_INSTANT), which the web3 module embeds in its
// "Transaction not found" detail: fraction in groups of 3 digits, none when zero; `+` before years past 9999.

const SECONDS_PER_DAY = 86_400n;

/** Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's civil_from_days). */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

function fraction(nanos: number): string {
  if (nanos === 0) return '';
  const digits = String(nanos).padStart(9, '0');
  if (nanos % 1_000_000 === 0) return `.${digits.slice(0, 3)}`;
  if (nanos % 1_000 === 0) return `.${digits.slice(0, 6)}`;
  return `.${digits}`;
}

const two = (value: number | bigint): string => String(value).padStart(2, '0');

/** For non-negative epoch seconds up to Instant.MAX. */
export function formatInstant(epochSeconds: bigint, nanos: number): string {
  const { year, month, day } = civilFromDays(Number(epochSeconds / SECONDS_PER_DAY));
  const secondOfDay = epochSeconds % SECONDS_PER_DAY;
  const time = `${two(secondOfDay / 3600n)}:${two((secondOfDay / 60n) % 60n)}:${two(secondOfDay % 60n)}`;
  const yearText = year > 9999 ? `+${year}` : String(year).padStart(4, '0');
  return `${yearText}-${two(month)}-${two(day)}T${time}${fraction(nanos)}Z`;
}
