package edu.umd.cs.findbugs.annotations;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/** Compile-time stand-in for spotbugs-annotations' SuppressFBWarnings (a marker for SpotBugs, no behaviour). */
@Retention(RetentionPolicy.CLASS)
public @interface SuppressFBWarnings {
  String[] value() default {};
  String justification() default "";
}
