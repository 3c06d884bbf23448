package ch.qos.logback.core.boolex;

import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.spi.LifeCycle;

/**
 * Compile-time stand-in for logback 1.5's PropertyConditionBase (Debian ships logback 1.2.11, which lacks it).
 * Only VASSAL.tools.logging.PropertyNoCaseStartsWithCondition extends it, and that class is used solely by
 * VASSAL's bundled logback.xml, which the engine check replaces with logback-check.xml (see README.md).
 */
public abstract class PropertyConditionBase extends ContextAwareBase implements LifeCycle {
  private boolean started;

  public abstract boolean evaluate();

  public boolean isNull(String k) { return p(k) == null; }

  public boolean isDefined(String k) { return p(k) != null; }

  public String p(String k) { return property(k); }

  public String property(String k) {
    String v = context == null ? null : context.getProperty(k);
    if (v == null) v = System.getProperty(k);
    if (v == null) v = System.getenv(k);
    return v;
  }

  @Override public void start() { started = true; }
  @Override public void stop() { started = false; }
  @Override public boolean isStarted() { return started; }
}
