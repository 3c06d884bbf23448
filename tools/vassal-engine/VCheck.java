// VCheck: loads a VASSAL module with the real engine, headless, and reports as JSON every warning it raises
// and where each scenario puts each piece. Part of sandtable's opt-in engine check (README.md here);
// built by build.sh, run by check_module.sh. How it works: see the class comment below.

import java.awt.AWTEvent;
import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.Dimension;
import java.awt.Graphics2D;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import java.awt.event.WindowEvent;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.ZipFile;

import javax.swing.AbstractButton;
import javax.swing.JLabel;
import javax.swing.JOptionPane;
import javax.swing.JPanel;
import javax.swing.KeyStroke;
import javax.swing.SwingUtilities;
import javax.swing.text.Document;
import javax.swing.text.JTextComponent;
import javax.swing.text.html.HTMLDocument;

import org.apache.commons.codec.digest.DigestUtils;
import org.apache.commons.lang3.tuple.Pair;
import org.slf4j.LoggerFactory;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.StackTraceElementProxy;
import ch.qos.logback.core.AppenderBase;

import VASSAL.Info;
import VASSAL.build.GameModule;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.ExtensionsLoader;
import VASSAL.build.module.GameState;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.metadata.ModuleMetaData;
import VASSAL.build.widget.PieceSlot;
import VASSAL.counters.CalculatedProperty;
import VASSAL.counters.Decorator;
import VASSAL.counters.Embellishment;
import VASSAL.counters.FreeRotator;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Labeler;
import VASSAL.counters.Obscurable;
import VASSAL.counters.PieceCloner;
import VASSAL.counters.Properties;
import VASSAL.counters.Restricted;
import VASSAL.counters.ReturnToDeck;
import VASSAL.counters.SendToLocation;
import VASSAL.counters.Stack;
import VASSAL.i18n.Localization;
import VASSAL.i18n.Resources;
import VASSAL.launch.ExceptionHandler;
import VASSAL.launch.StandardConfig;
import VASSAL.launch.StartUp;
import VASSAL.launch.TilingHandler;
import VASSAL.tools.DataArchive;
import VASSAL.tools.SequenceEncoder;
import VASSAL.tools.deprecation.RemovalAndDeprecationChecker;

/**
 * Loads a VASSAL module with the real engine, headless, the way a player opens it, and prints a JSON report.
 *
 * <p>What it does, in order: what the Module Manager does before it starts the Player (the removed and
 * deprecated class check, tiling the module's images), then what the Player does (GameModule.init, the
 * extensions, the player window); then it builds and draws the piece of every PieceSlot, and launches every
 * PredefinedSetup as choosing it from File &gt; New Game does, reading where the engine puts each piece.
 * Every warning and error the engine raises is recorded with the phase it happened in: every logback event
 * at WARN or above from any logger, every uncaught exception, and every dialog it opens (each is read and
 * closed, as a user clicking OK would). Questions the engine asks (the side chooser, "start a new log
 * file?") are listed apart, under prompts_answered.
 *
 * <p>The report (stdout, JSON): version, module and game names, maps, pieces_built and piece_failures,
 * setups (per setup: game_started, piece_count and pieces as rows [piece, map, locationName, "x,y",
 * board, id], masked: the ids of masked pieces, turned: each turned piece's angle by id), actions (key commands fired on palette pieces, each trait's state before and after, see
 * fireKeys), warnings, prompts_answered, and the chat-log lines written in each phase. "fatal" or
 * "timeout" is present when the check could not finish. Exit code: 0 done, 2 fatal error, 3 timeout, 64 usage.
 *
 * <p>Run it through check_module.sh (tools/vassal-engine/), which build.sh copies next to the engine it
 * builds and which sets up the headless display, a throw-away home folder and the logging:
 * <pre>  .vassal-engine/check_module.sh MODULE.vmod [LOGFILE]</pre>
 * Java system properties it reads: vcheck.timeout (seconds, default 600); vcheck.snapshots (a folder: each
 * piece the actions fire on is drawn there as a PNG after its action, to look at); vcheck.defenderHex (where the
 * combat check puts its defender: a hex label of the first map; default the board's centre); logback.configurationFile
 * (logback-check.xml, passed on to the tiling process the engine starts).
 */
public final class VCheck {
  /** What happens now: "module", "pieces", "setup:NAME", ... */
  static volatile String phase = "start";
  /** Every problem raised, in order: {phase, source, level, text}. */
  static final List<Map<String, String>> problems = new ArrayList<>();
  /** The real stdout, kept for the report alone (System.out goes to stderr). */
  static PrintStream out;
  /** How many chat-log lines have been reported so far. */
  static int chatSeen = 0;

  static synchronized void record(String source, String level, String text) {
    final Map<String, String> p = new LinkedHashMap<>();
    p.put("phase", phase);
    p.put("source", source);
    p.put("level", level);
    p.put("text", text);
    problems.add(p);
  }

  static synchronized int mark() {
    return problems.size();
  }

  static synchronized List<Map<String, String>> since(int mark) {
    return new ArrayList<>(problems.subList(mark, problems.size()));
  }

  /** Logback appender that records every event at WARN or above. */
  public static final class Capture extends AppenderBase<ILoggingEvent> {
    @Override
    protected void append(ILoggingEvent e) {
      if (!e.getLevel().isGreaterOrEqual(Level.WARN)) return;
      final StringBuilder sb = new StringBuilder();
      sb.append(e.getLoggerName()).append(": ").append(e.getFormattedMessage());
      IThrowableProxy t = e.getThrowableProxy();
      int depth = 0;
      while (t != null && depth < 4) {
        sb.append(depth == 0 ? " | " : " | caused by ").append(t.getClassName()).append(": ").append(t.getMessage());
        final StackTraceElementProxy[] st = t.getStackTraceElementProxyArray();
        for (int i = 0; st != null && i < Math.min(4, st.length); i++) {
          sb.append(" @ ").append(st[i].getStackTraceElement());
        }
        t = t.getCause();
        depth++;
      }
      record("log", e.getLevel().toString(), sb.toString());
    }
  }

  static void installLogging() {
    final LoggerContext ctx = (LoggerContext) LoggerFactory.getILoggerFactory();
    final Capture cap = new Capture();
    cap.setContext(ctx);
    cap.setName("VCHECK");
    cap.start();
    final ch.qos.logback.classic.Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    root.setLevel(Level.INFO);
    root.addAppender(cap);
  }

  static void collectText(Component c, List<String> acc) {
    if (c instanceof JLabel) {
      final String t = ((JLabel) c).getText();
      if (t != null && !t.isBlank()) acc.add(t);
    }
    else if (c instanceof JTextComponent) {
      final String t = ((JTextComponent) c).getText();
      if (t != null && !t.isBlank()) acc.add(t);
    }
    else if (c instanceof JOptionPane) {
      final Object m = ((JOptionPane) c).getMessage();
      if (m instanceof String) acc.add((String) m);
    }
    if (c instanceof Container && !(c instanceof AbstractButton)) {
      for (final Component k : ((Container) c).getComponents()) collectText(k, acc);
    }
  }

  static JOptionPane findPane(Component c) {
    if (c instanceof JOptionPane) return (JOptionPane) c;
    if (c instanceof Container) {
      for (final Component k : ((Container) c).getComponents()) {
        final JOptionPane p = findPane(k);
        if (p != null) return p;
      }
    }
    return null;
  }

  /**
   * ERROR / WARN for error and warning message boxes (ErrorDialog, WarningDialog, ReadErrorDialog, ProblemDialog,
   * DetailsDialog), PROMPT for questions asked of the user (side and password, "start new logfile?"), INFO for
   * plain information boxes, DIALOG for any other window (e.g. BugDialog, which reports an engine bug).
   */
  static String dialogLevel(Window w) {
    if (w.getClass().getName().equals("VASSAL.tools.BugDialog")) return "ERROR";
    final List<String> texts = new ArrayList<>();
    collectText(w, texts);
    if (texts.contains(Resources.getString("PlayerRoster.choose_side"))) {
      return "PROMPT";  // PlayerRoster's side (and password) chooser on joining a game
    }
    final JOptionPane p = findPane(w);
    if (p == null) return "DIALOG";
    switch (p.getMessageType()) {
    case JOptionPane.ERROR_MESSAGE: return "ERROR";
    case JOptionPane.WARNING_MESSAGE: return "WARN";
    case JOptionPane.INFORMATION_MESSAGE: return "INFO";
    default: return "PROMPT";
    }
  }

  /** Every dialog the engine opens is read, recorded and closed (as a user clicking OK would). */
  static void installDialogCatcher() {
    Toolkit.getDefaultToolkit().addAWTEventListener(ev -> {
      if (ev.getID() != WindowEvent.WINDOW_OPENED) return;
      final Window w = ((WindowEvent) ev).getWindow();
      if (!(w instanceof Dialog)) return;
      final List<String> texts = new ArrayList<>();
      collectText(w, texts);
      final String title = ((Dialog) w).getTitle();
      final String text = (title == null ? "" : "[" + title + "] ") + String.join(" | ", texts).replaceAll("<[^>]+>", " ").replaceAll("\\s+", " ").trim();
      record("dialog", dialogLevel(w), w.getClass().getName() + ": " + text);
      SwingUtilities.invokeLater(w::dispose);
    }, AWTEvent.WINDOW_EVENT_MASK);
  }

  /** New lines in the chat log since the last call. */
  static List<String> newChat() {
    final List<String> lines = new ArrayList<>();
    try {
      onEdt(() -> {
        final GameModule g = GameModule.getGameModule();
        final Chatter ch = g == null ? null : g.getChatter();
        if (ch == null) return null;
        final List<JTextComponent> panes = new ArrayList<>();
        findText(ch, panes);
        if (panes.isEmpty()) return null;
        final Document d = panes.get(0).getDocument();
        final String all = d.getText(0, d.getLength());
        final String[] split = all.split("\n");
        final List<String> nonEmpty = new ArrayList<>();
        for (final String s : split) if (!s.isBlank()) nonEmpty.add(s.trim());
        for (int i = chatSeen; i < nonEmpty.size(); i++) lines.add(nonEmpty.get(i));
        chatSeen = nonEmpty.size();
        return null;
      });
    }
    catch (Exception e) {
      lines.add("(could not read chat: " + e + ")");
    }
    return lines;
  }

  static void findText(Component c, List<JTextComponent> acc) {
    if (c instanceof JTextComponent && ((JTextComponent) c).getDocument() instanceof HTMLDocument) acc.add((JTextComponent) c);
    if (c instanceof Container) for (final Component k : ((Container) c).getComponents()) findText(k, acc);
  }

  static <T> T onEdt(Callable<T> f) throws Exception {
    final AtomicReference<T> r = new AtomicReference<>();
    final AtomicReference<Exception> ex = new AtomicReference<>();
    SwingUtilities.invokeAndWait(() -> {
      try {
        r.set(f.call());
      }
      catch (Exception e) {
        ex.set(e);
      }
    });
    if (ex.get() != null) throw ex.get();
    return r.get();
  }

  /** Let queued work (SwingWorkers, dialogs, repaints) finish. */
  static void settle() throws Exception {
    for (int i = 0; i < 5; i++) {
      Thread.sleep(200);
      onEdt(() -> null);
    }
  }

  static String describe(Throwable t) {
    final StringBuilder sb = new StringBuilder(t.toString());
    final StackTraceElement[] st = t.getStackTrace();
    for (int i = 0; i < Math.min(5, st.length); i++) sb.append(" @ ").append(st[i]);
    if (t.getCause() != null && t.getCause() != t) sb.append(" | caused by ").append(describe(t.getCause()));
    return sb.toString();
  }

  // ---------------------------------------------------------------- JSON

  static String q(String s) {
    if (s == null) return "null";
    final StringBuilder b = new StringBuilder("\"");
    for (final char c : s.toCharArray()) {
      switch (c) {
      case '"': b.append("\\\""); break;
      case '\\': b.append("\\\\"); break;
      case '\n': b.append("\\n"); break;
      case '\r': b.append("\\r"); break;
      case '\t': b.append("\\t"); break;
      default:
        if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
        else b.append(c);
      }
    }
    return b.append('"').toString();
  }

  @SuppressWarnings("unchecked")
  static String json(Object o, String indent) {
    if (o == null) return "null";
    if (o instanceof String) return q((String) o);
    if (o instanceof Number || o instanceof Boolean) return o.toString();
    final String in = indent + " ";
    if (o instanceof Map) {
      final Map<String, Object> m = (Map<String, Object>) o;
      if (m.isEmpty()) return "{}";
      final List<String> parts = new ArrayList<>();
      for (final Map.Entry<String, Object> e : m.entrySet()) parts.add(in + q(e.getKey()) + ": " + json(e.getValue(), in));
      return "{\n" + String.join(",\n", parts) + "\n" + indent + "}";
    }
    if (o instanceof Collection) {
      final Collection<Object> c = (Collection<Object>) o;
      if (c.isEmpty()) return "[]";
      boolean flat = true;
      for (final Object x : c) if (x instanceof Map || x instanceof Collection) flat = false;
      final List<String> parts = new ArrayList<>();
      for (final Object x : c) parts.add(json(x, in));
      if (flat) return "[" + String.join(", ", parts) + "]";
      final List<String> ind = new ArrayList<>();
      for (final String p : parts) ind.add(in + p);
      return "[\n" + String.join(",\n", ind) + "\n" + indent + "]";
    }
    return q(o.toString());
  }

  static final Map<String, Object> result = new LinkedHashMap<>();

  static synchronized void finish(int code) {
    final List<Map<String, String>> warn = new ArrayList<>();
    final List<Map<String, String>> prompts = new ArrayList<>();
    for (final Map<String, String> p : since(0)) {
      if ("PROMPT".equals(p.get("level")) || "INFO".equals(p.get("level"))) prompts.add(p);
      else warn.add(p);
    }
    result.put("warnings", warn);
    result.put("prompts_answered", prompts);
    out.println(json(result, ""));
    out.flush();
    Runtime.getRuntime().halt(code);
  }

  // ---------------------------------------------------------------- checks

  /** The Module Manager's tiler, with its progress window (which needs the Module Manager) left out. */
  static final class QuietTiler extends TilingHandler {
    /** Tiles of 256 x 256 pixels and a 2 GB heap for the tiling process, as the Module Manager asks for. */
    QuietTiler(String aname, File cdir) {
      super(aname, cdir, new Dimension(256, 256), 2048);
    }

    @Override
    protected String[] makeSlicerCommandLine(int heap) {
      // The tiling process gets the check's logging configuration too (VASSAL's own logback.xml needs a
      // newer logback); without vcheck.log set, that configuration logs nowhere. A failure shows in
      // handleFailure below.
      final List<String> a = new ArrayList<>(Arrays.asList(super.makeSlicerCommandLine(heap)));
      final String config = System.getProperty("logback.configurationFile");
      if (config != null) a.add(1, "-Dlogback.configurationFile=" + config);
      return a.toArray(new String[0]);
    }

    @Override
    protected StateMachineHandler createStateMachineHandler(int tcount, Future<Integer> fut) {
      return new StateMachineHandler() {
        @Override public void handleStart() {}
        @Override public void handleStartingImageState(String in) {}
        @Override public void handleTileWrittenState() {}
        @Override public void handleTilingFinishedState() {}
        @Override public void handleSuccess() {}
        @Override public void handleFailure() { record("tiling", "ERROR", "tiling failed"); }
      };
    }
  }

  static void openModule(File module) throws Exception {
    phase = "launch-checks";
    // What the Module Manager does before it starts the Player (AbstractLaunchAction.LaunchTask)
    final RemovalAndDeprecationChecker rdc = new RemovalAndDeprecationChecker();
    final Pair<Map<String, Map<String, String>>, Map<String, Map<String, String>>> rd;
    try (ZipFile zf = new ZipFile(module.getAbsolutePath())) {
      rd = rdc.check(zf);
    }
    if (!rd.getLeft().isEmpty()) record("deprecation", "ERROR", "Removed classes used: " + RemovalAndDeprecationChecker.formatResult(rd.getLeft()));
    if (!rd.getRight().isEmpty()) record("deprecation", "WARN", "Deprecated classes used: " + RemovalAndDeprecationChecker.formatResult(rd.getRight()));

    phase = "tiling";
    final ModuleMetaData meta;
    try (ZipFile zf = new ZipFile(module.getAbsolutePath())) {
      meta = new ModuleMetaData(zf);
    }
    result.put("module_name", meta.getName());
    result.put("module_version", meta.getVersion());
    result.put("module_vassal_version", meta.getVassalVersion());
    final String hstr = DigestUtils.sha1Hex(meta.getName() + "_" + meta.getVersion());
    final File cdir = new File(Info.getCacheDir(), "tiles/" + hstr);
    try {
      new QuietTiler(module.getAbsolutePath(), cdir).sliceTiles();
    }
    catch (Exception e) {
      record("tiling", "ERROR", describe(e));
    }

    // What the Player does (Launcher ctor + Player.launch)
    phase = "module";
    onEdt(() -> {
      final Class<?> mmc = Class.forName("VASSAL.launch.Player$PlayerMenuManager");
      final Constructor<?> ctor = mmc.getDeclaredConstructor();
      ctor.setAccessible(true);
      ctor.newInstance();
      return null;
    });
    onEdt(() -> {
      GameModule.init(new GameModule(new DataArchive(module.getPath())));
      new ExtensionsLoader().addTo(GameModule.getGameModule());
      Localization.getInstance().translate();
      GameModule.getGameModule().getPlayerWindow().setVisible(true);
      return null;
    });
    settle();
    final GameModule g = GameModule.getGameModule();
    result.put("game_name", g.getGameName());
    result.put("game_version", g.getGameVersion());
    result.put("maps", onEdt(() -> {
      final List<String> names = new ArrayList<>();
      for (final VASSAL.build.module.Map m : VASSAL.build.module.Map.getMapList()) names.add(m.getMapName());
      return names;
    }));
    result.put("module_chat", newChat());
  }

  static void buildPieces() throws Exception {
    phase = "pieces";
    final GameModule g = GameModule.getGameModule();
    final List<Map<String, Object>> failures = new ArrayList<>();
    final int[] built = {0};
    onEdt(() -> {
      final JPanel obs = new JPanel();
      for (final PieceSlot slot : g.getAllDescendantComponentsOf(PieceSlot.class)) {
        final String label = slot.getClass().getSimpleName() + " '" + slot.getConfigureName() + "' gpid=" + slot.getGpId();
        final int m = mark();
        String err = null;
        try {
          final GamePiece p = slot.getPiece();
          if (p == null) {
            err = "no piece";
          }
          else {
            p.getName();
            final Rectangle r = p.boundingBox();
            final int w = Math.max(1, Math.min(2000, r.width));
            final int h = Math.max(1, Math.min(2000, r.height));
            final BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
            final Graphics2D gr = img.createGraphics();
            p.draw(gr, -r.x, -r.y, obs, 1.0);
            gr.dispose();
            built[0]++;
          }
        }
        catch (Throwable t) {
          err = describe(t);
        }
        final List<Map<String, String>> raised = since(m);
        if (err != null || !raised.isEmpty()) {
          final Map<String, Object> f = new LinkedHashMap<>();
          f.put("slot", label);
          f.put("error", err);
          f.put("warnings", raised);
          failures.add(f);
        }
      }
      return null;
    });
    settle();
    result.put("pieces_built", built[0]);
    result.put("piece_failures", failures);
    result.put("pieces_chat", newChat());
  }

  /** Every piece of the game as a row [piece, map, locationName, "x,y", board, id]. */
  static List<List<String>> piecesOnBoard() throws Exception {
    return onEdt(() -> {
      final List<List<String>> rows = new ArrayList<>();
      final GameState gs = GameModule.getGameModule().getGameState();
      for (final GamePiece p : gs.getAllPieces()) {
        if (p instanceof Stack) continue;  // stacks and decks: their pieces are listed themselves
        final VASSAL.build.module.Map m = p.getMap();
        final Point pos = p.getPosition();
        final Board b = m == null ? null : m.findBoard(pos);
        final List<String> row = new ArrayList<>();
        row.add(p.getName());
        row.add(m == null ? null : m.getMapName());
        row.add(m == null ? null : m.locationName(pos));  // a deck's name, else the board's name for the point
        row.add(pos.x + "," + pos.y);
        row.add(b == null ? null : b.getName());  // null: not on any board of the map
        row.add(p.getId());
        rows.add(row);
      }
      return rows;
    });
  }

  /** Paint every map's view once, as the screen would, so board images and tiles are exercised. */
  static void paintMaps() throws Exception {
    onEdt(() -> {
      for (final VASSAL.build.module.Map m : VASSAL.build.module.Map.getMapList()) {
        final javax.swing.JComponent v = m.getView();
        final Dimension d = v.getPreferredSize();
        final int w = Math.max(1, Math.min(1600, d.width));
        final int h = Math.max(1, Math.min(1600, d.height));
        final BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        final Graphics2D gr = img.createGraphics();
        gr.setClip(0, 0, w, h);
        v.paint(gr);
        gr.dispose();
      }
      return null;
    });
  }

  static void runSetups() throws Exception {
    final GameModule g = GameModule.getGameModule();
    final GameState gs = g.getGameState();
    final Map<String, Object> setups = new LinkedHashMap<>();
    final List<PredefinedSetup> all = onEdt(() -> new ArrayList<>(g.getAllDescendantComponentsOf(PredefinedSetup.class)));
    for (final PredefinedSetup s : all) {
      if (s.isMenu()) continue;  // a submenu of setups, not a setup
      final String name = s.getConfigureName();
      phase = "setup:" + name;
      final Map<String, Object> r = new LinkedHashMap<>();
      onEdt(() -> {
        if (gs.isGameStarted()) gs.closeGame();
        return null;
      });
      settle();
      newChat();
      final int m = mark();
      r.put("file", s.isUseFile() ? s.getFileName() : null);
      try {
        onEdt(() -> {
          s.launch();  // what choosing the setup from the File > New Game menu does
          return null;
        });
        final long end = System.currentTimeMillis() + 120_000;
        while (gs.isLoadingInBackground() && System.currentTimeMillis() < end) Thread.sleep(100);
        settle();
        paintMaps();
        settle();
        r.put("game_started", gs.isGameStarted());
        final List<List<String>> pieces = piecesOnBoard();
        r.put("piece_count", pieces.size());
        int unnamed = 0;
        int offBoards = 0;
        final String offboard = Resources.getString("Map.offboard");
        for (final List<String> row : pieces) {
          if (row.get(2) == null || row.get(2).isEmpty() || offboard.equals(row.get(2))) unnamed++;
          if (row.get(4) == null) offBoards++;
        }
        r.put("pieces_without_location_name", unnamed);  // locationName empty or "offboard"
        r.put("pieces_off_every_board", offBoards);
        r.put("pieces_columns", List.of("piece", "map", "locationName", "x,y", "board", "id"));
        r.put("pieces", pieces);
        r.put("masked", onEdt(() -> {  // the ids of the pieces masked (hidden from all but their owner)
          final List<String> ids = new ArrayList<>();
          for (final GamePiece p : gs.getAllPieces()) {
            if (!(p instanceof Stack) && Boolean.TRUE.equals(p.getProperty(Properties.OBSCURED_TO_OTHERS))) {
              ids.add(p.getId());
            }
          }
          return ids;
        }));
        r.put("turned", onEdt(() -> {  // id -> the angle (degrees, counter-clockwise) of each piece turned from its image's top
          final Map<String, Double> angles = new LinkedHashMap<>();
          for (final GamePiece p : gs.getAllPieces()) {
            final FreeRotator rotator = p instanceof Stack ? null : (FreeRotator) Decorator.getDecorator(p, FreeRotator.class);
            if (rotator != null && rotator.getAngle() != 0.0) {
              angles.put(p.getId(), rotator.getAngle());
            }
          }
          return angles;
        }));
      }
      catch (Throwable t) {
        record("harness", "ERROR", describe(t));
      }
      final List<Map<String, String>> sw = new ArrayList<>();
      final List<Map<String, String>> sp = new ArrayList<>();
      for (final Map<String, String> p : since(m)) {
        if ("PROMPT".equals(p.get("level")) || "INFO".equals(p.get("level"))) sp.add(p);
        else sw.add(p);
      }
      r.put("warnings", sw);
      r.put("prompts_answered", sp);
      r.put("chat", newChat());
      setups.put(name, r);
    }
    result.put("setups", setups);
  }


  /** The first palette piece (a fresh copy, prototypes expanded) with a trait of this class whose type holds
   *  `typeHas`, and a trait of class `also` too; or null. */
  static GamePiece pieceWith(Class<?> trait, String typeHas, Class<?> also) {
    for (final PieceSlot slot : GameModule.getGameModule().getAllDescendantComponentsOf(PieceSlot.class)) {
      final GamePiece p = slot.getPiece();
      if (p == null) continue;
      if (traitWith(p, trait, typeHas) != null && Decorator.getDecorator(p, also) != null) {
        return PieceCloner.getInstance().clonePiece(p);
      }
    }
    return null;
  }

  /** The outermost trait of this class whose type holds `typeHas`, or null. */
  static Decorator traitWith(GamePiece p, Class<?> trait, String typeHas) {
    for (GamePiece q = p; q instanceof Decorator; q = ((Decorator) q).getInner()) {
      if (trait.isInstance(q) && ((Decorator) q).myGetType().contains(typeHas)) return (Decorator) q;
    }
    return null;
  }

  /** Where a piece lies: its map's name and the location name the map gives its point. */
  static String where(GamePiece p) {
    final VASSAL.build.module.Map m = p.getMap();
    return m == null ? "nowhere" : m.getMapName() + "|" + m.locationName(p.getPosition());
  }

  /** The sides a Restricted trait lets touch the piece (its first type field). */
  static List<String> owners(GamePiece p) {
    final GamePiece d = Decorator.getDecorator(p, Restricted.class);
    if (d == null) return List.of();
    final String fields = ((Decorator) d).myGetType().substring(Restricted.ID.length());
    return Arrays.asList(new SequenceEncoder.Decoder(fields, ';').nextToken("").split(","));
  }

  /** Put a piece on the first map at its first board's centre, and play as `side`. */
  static void setUp(GamePiece p, String side) {
    final GameModule g = GameModule.getGameModule();
    final VASSAL.build.module.Map m = VASSAL.build.module.Map.getMapList().get(0);
    final Rectangle b = m.getBoards().iterator().next().bounds();
    g.getGameState().addPiece(p);
    m.placeAt(p, new Point(b.x + b.width / 2, b.y + b.height / 2));
    g.getPlayerRoster().add(GameModule.getActiveUserId(), "vcheck", side);
  }

  /** Fire Ctrl+key on a piece as `side`; report the trait's state (or where the piece is) before and after. */
  static Map<String, Object> fire(String action, Class<?> trait, String typeHas, int key, String side) {
    return fire(action, trait, typeHas, trait, key, side);
  }

  /** Fire Ctrl+key as `side` (null: a side that does not own it) on a piece with a `trait` whose type holds
   *  `typeHas` and an `also` trait; report the state of that trait (or where the piece is, for a trait that
   *  moves it) before and after. */
  static Map<String, Object> fire(String action, Class<?> trait, String typeHas, Class<?> also, int key,
                                  String side) {
    final Map<String, Object> r = new LinkedHashMap<>();
    r.put("action", action);
    final GamePiece p = pieceWith(trait, typeHas, also);
    if (p == null) return r;
    final List<String> own = owners(p);
    String as = side;
    if (as == null) {  // a side that does not own the piece
      for (final String s : GameModule.getGameModule().getPlayerRoster().getSides()) {
        if (!own.contains(s)) { as = s; break; }
      }
    }
    setUp(p, as);
    final Decorator d = traitWith(p, trait, typeHas);
    final boolean moves = trait == SendToLocation.class || trait == ReturnToDeck.class;
    r.put("piece", p.getName());
    r.put("side", as);
    r.put("owners", own);
    r.put("before", moves ? where(p) : d.myGetState());
    p.keyEvent(KeyStroke.getKeyStroke(key, InputEvent.CTRL_DOWN_MASK));
    r.put("after", moves ? where(p) : d.myGetState());
    snapshot(p, action);
    r.put("name_seen", p.getName());
    if (trait == SendToLocation.class) {
      p.keyEvent(KeyStroke.getKeyStroke(KeyEvent.VK_R, InputEvent.CTRL_DOWN_MASK));
      r.put("restored", where(p));
    }
    if (trait == Obscurable.class) {  // what another side sees of it
      final String other = GameModule.getGameModule().getPlayerRoster().getSides().stream()
        .filter(s -> !own.contains(s)).findFirst().orElse(null);
      GameModule.getGameModule().getPlayerRoster().add(GameModule.getActiveUserId(), "vcheck", other);
      r.put("other_side", other);
      r.put("other_sees", p.getName());
      r.put("obscured_to_other", String.valueOf(p.getProperty(Properties.OBSCURED_TO_ME)));
    }
    return r;
  }

  /** Draw a piece as the map would into vcheck.snapshots/NAME.png, when that folder is set (to look at). */
  static void snapshot(GamePiece p, String name) {
    final String folder = System.getProperty("vcheck.snapshots", "");
    if (folder.isEmpty()) return;
    try {
      final Rectangle r = p.boundingBox();
      final int margin = 120;  // room for labels wider than the piece and drawn below it
      final BufferedImage img = new BufferedImage(r.width + 2 * margin, r.height + margin / 2,
                                                  BufferedImage.TYPE_INT_ARGB);
      final Graphics2D gr = img.createGraphics();
      p.draw(gr, margin - r.x, -r.y, new JPanel(), 1.0);
      gr.dispose();
      javax.imageio.ImageIO.write(img, "png", new File(folder, name + ".png"));
    }
    catch (Exception e) {
      record("harness", "ERROR", "snapshot " + name + ": " + describe(e));
    }
  }

  /** The combat helper on the first map with two copies of the first unit that has combat properties: one
   *  marked attacker (Ctrl+B), one defender (Ctrl+B twice), as the referee; reports what each piece's
   *  properties and the helper's totals and column are. Empty when the module has no helper. */
  static Map<String, Object> combat() {
    final Map<String, Object> r = new LinkedHashMap<>();
    r.put("action", "combat");
    final GamePiece helper = pieceWith(CalculatedProperty.class, "CombatColumn", CalculatedProperty.class);
    final GamePiece attacker = pieceWith(CalculatedProperty.class, "CombatAttack", Embellishment.class);
    final GamePiece defender = pieceWith(CalculatedProperty.class, "CombatAttack", Embellishment.class);
    if (helper == null || attacker == null) return r;
    setUp(helper, "Referee");
    setUp(attacker, "Referee");
    setUp(defender, "Referee");
    final String hex = System.getProperty("vcheck.defenderHex", "");
    if (!hex.isEmpty()) {  // the defender to this hex of the first map's first board
      final VASSAL.build.module.Map m = defender.getMap();
      final Board b = m.getBoards().iterator().next();
      try {
        final Point pt = b.getGrid().getLocation(hex);
        pt.translate(b.bounds().x, b.bounds().y);
        m.placeAt(defender, pt);
      }
      catch (Exception e) {
        record("harness", "ERROR", "no hex " + hex + ": " + describe(e));
      }
    }
    final KeyStroke mark = KeyStroke.getKeyStroke(KeyEvent.VK_B, InputEvent.CTRL_DOWN_MASK);
    attacker.keyEvent(mark);
    defender.keyEvent(mark);
    defender.keyEvent(mark);
    r.put("piece", attacker.getName());
    r.put("location", where(defender));
    snapshot(attacker, "combat-attacker");
    snapshot(defender, "combat-defender");
    snapshot(helper, "combat-helper");
    for (final String k : List.of("Combat_Level", "CombatAttack", "CombatDefence", "TerrainShift")) {
      r.put("attacker_" + k, String.valueOf(attacker.getProperty(k)));
      r.put("defender_" + k, String.valueOf(defender.getProperty(k)));
    }
    for (final String k : List.of("CombatA", "CombatD", "CombatShift", "CombatIndex", "CombatColumnIndex", "CombatColumn")) {
      r.put(k, String.valueOf(helper.getProperty(k)));
    }
    final Decorator label = traitWith(helper, Labeler.class, "");
    r.put("label", label == null ? null : ((Labeler) label).getLabel());  // the text drawn under the helper
    return r;
  }

  /** Fire the key commands of the module's play features on palette pieces put on the first map: flip,
   *  mask, rotate, eliminate and restore as the referee (who may touch all), and flip as a side that does
   *  not own the piece (which must change nothing). Results under "actions". */
  static void fireKeys() throws Exception {
    phase = "actions";
    final GameModule g = GameModule.getGameModule();
    final List<Map<String, Object>> actions = onEdt(() -> {
      final List<Map<String, Object>> found = new ArrayList<>();
      found.add(fire("flip", Embellishment.class, ";Flip;", KeyEvent.VK_F, "Referee"));
      found.add(fire("mask", Obscurable.class, "sides:", KeyEvent.VK_H, "Referee"));
      found.add(fire("rotate", FreeRotator.class, "", KeyEvent.VK_CLOSE_BRACKET, "Referee"));
      found.add(fire("eliminate", SendToLocation.class, "", KeyEvent.VK_E, "Referee"));
      found.add(fire("return", ReturnToDeck.class, "", KeyEvent.VK_E, "Referee"));
      found.add(fire("flip_not_owner", Embellishment.class, ";Flip;", Restricted.class, KeyEvent.VK_F, null));
      found.add(combat());
      return found;
    });
    settle();
    result.put("actions", actions);
    result.put("actions_chat", newChat());
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 1) {
      System.err.println("usage: java [-Dvcheck.timeout=SECONDS] VCheck MODULE.vmod   (see check_module.sh)");
      System.exit(64);
    }
    out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    System.setOut(System.err);  // keep stdout for the JSON alone
    result.put("version", null);
    result.put("module", args[0]);
    final int timeout = Integer.parseInt(System.getProperty("vcheck.timeout", "600"));
    final Thread watchdog = new Thread(() -> {
      try {
        Thread.sleep(timeout * 1000L);
        result.put("timeout", "harness stopped after " + timeout + "s in phase " + phase);
        finish(3);
      }
      catch (InterruptedException ignored) {
      }
    });
    watchdog.setDaemon(true);
    watchdog.start();
    try {
      installLogging();
      Info.setConfig(new StandardConfig());
      result.put("version", Info.getVersion());
      Thread.setDefaultUncaughtExceptionHandler(new ExceptionHandler());
      final Thread.UncaughtExceptionHandler vassal = Thread.getDefaultUncaughtExceptionHandler();
      Thread.setDefaultUncaughtExceptionHandler((th, ex) -> {
        record("uncaught", "ERROR", th.getName() + ": " + describe(ex));
        vassal.uncaughtException(th, ex);
      });
      new StartUp().initSystemProperties();
      installDialogCatcher();
      openModule(new File(args[0]));
      buildPieces();
      runSetups();
      fireKeys();
      phase = "end";
      settle();
      result.put("end_chat", newChat());
      finish(0);
    }
    catch (Throwable t) {
      record("harness", "FATAL", describe(t));
      result.put("fatal", describe(t));
      finish(2);
    }
  }
}
